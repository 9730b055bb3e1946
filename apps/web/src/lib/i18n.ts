import i18n, { type InitOptions } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

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
  'depositsAdmin',
  'transactions',
  'transactionList',
  'buy',
  'sell',
  'agencyClients',
  'agenciesAdmin',
  'usersAdmin',
  'auditLog',
  'dashboard',
  'agencyBankAccount',
  'payee',
] as const;

/** docs/PRODUCT.md "Constants": anything starting with "ko" is Korean, everything else English. */
export function toSupportedLanguage(detected: string | undefined | null): Language {
  return detected?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

// The stored choice wins; with nothing stored the browser's language decides.
export const detectionOptions: DetectorOptions = {
  order: ['localStorage', 'navigator'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  convertDetectedLanguage: toSupportedLanguage,
};

export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  load: 'languageOnly',
  ns: ['common'],
  defaultNS: 'common',
  detection: detectionOptions,
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

export function initI18n() {
  i18n.on('languageChanged', followDocumentLanguage);
  return i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);
}

export { i18n };
