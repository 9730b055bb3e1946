import i18n, { type i18n as I18n, type InitOptions, type LanguageDetectorModule } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { isParticlePair, withParticle } from '@portal/contract/korean-particles';
import {
  LANGUAGE_COOKIE,
  PAGE_LANGUAGES,
  toPageLanguage,
  type PageLanguage,
} from '@portal/contract/pages';

export const LANGUAGES = PAGE_LANGUAGES;
export type Language = PageLanguage;
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** A year, as long as the choice in local storage lasts in practice. */
const LANGUAGE_COOKIE_SECONDS = 31_536_000;

/** One namespace per feature; each is a file public/locales/{lng}/{ns}.json loaded on demand. */
export const NAMESPACES = [
  'common',
  'home',
  'about',
  'faq',
  'legal',
  'errors',
  'validation',
  'auth',
  'profile',
  'kyc',
  'kycReview',
  'nameChangeReview',
  'accounts',
  'merchantsAdmin',
  'ratesAdmin',
  'operatorTransactions',
  'approvals',
  'depositsAdmin',
  'transactions',
  'transactionList',
  'buy',
  'sell',
  'agencyClients',
  'agenciesAdmin',
  'usersAdmin',
  'auditLog',
  'reconciliation',
  'dashboard',
  'agencyBankAccount',
  'payee',
] as const;

/** docs/PRODUCT.md "Constants": anything starting with "ko" is Korean, everything else English. */
export const toSupportedLanguage = toPageLanguage;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, disabled): the browser's language decides
  }
}

/**
 * The stored choice wins; with nothing stored, the browser's first language decides; either is
 * then en or ko (`toSupportedLanguage`). The choice is kept in local storage. An i18next
 * language detector of ten lines rather than i18next-browser-languagedetector, whose eight
 * detectors cost every page 2 KB for the two we use (docs/decisions/013-one-http-client.md).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const stored = storedLanguage();
    if (stored) return toSupportedLanguage(stored);
    return toSupportedLanguage(navigator.languages[0] ?? navigator.language);
  },
  cacheUserLanguage(language) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not kept: the next visit detects again.
    }
    // Also for the server, which sends the public pages already drawn in this language
    // (docs/decisions/035-prerendered-public-pages.md).
    document.cookie = `${LANGUAGE_COOKIE}=${toSupportedLanguage(language)}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
  },
};

export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  load: 'languageOnly',
  ns: ['common'],
  defaultNS: 'common',
  backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
  // Translation reads: 5 retries, 350 ms base delay, at most 10 in parallel (docs/PRODUCT.md "Constants").
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  interpolation: { escapeValue: false }, // React already escapes what it renders
  react: { useSuspense: true },
};

function followDocumentLanguage(language: string) {
  if (typeof document !== 'undefined')
    document.documentElement.lang = toSupportedLanguage(language);
}

/**
 * `{{number, josa(이/가)}}` writes the value with the particle its last sound takes
 * ("S00000002가", "S00000003이"), so a Korean text names a value it does not know in advance
 * without the "이(가)" of a form letter (`@portal/contract/korean-particles`). The pair is the
 * format's one option; i18next hands it over as an option key.
 */
export function addKoreanParticles(instance: I18n) {
  instance.services.formatter?.add('josa', (value: unknown, _language, options: object) => {
    const pair = Object.keys(options).find(isParticlePair);
    return pair ? withParticle(String(value), pair) : String(value);
  });
}

export function initI18n() {
  i18n.on('languageChanged', followDocumentLanguage);
  const ready = i18n.use(HttpBackend).use(languageDetector).use(initReactI18next).init(i18nOptions);
  // init creates the formatter at once; the texts that use it arrive later over HTTP.
  addKoreanParticles(i18n);
  return ready;
}

export { i18n };
