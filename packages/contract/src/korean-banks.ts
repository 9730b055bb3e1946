// No zod here: the transaction screens that show a payee's bank load this file, and pages that
// only read do not load zod (see validation-messages.ts).

/** Banks by their KFTC (금융결제원) three-digit code, with the names people know them by. */
export const KOREAN_BANKS = [
  { code: '002', en: 'KDB Korea Development Bank', ko: 'KDB산업은행' },
  { code: '003', en: 'IBK Industrial Bank of Korea', ko: 'IBK기업은행' },
  { code: '004', en: 'KB Kookmin Bank', ko: 'KB국민은행' },
  { code: '007', en: 'Suhyup Bank', ko: '수협은행' },
  { code: '011', en: 'NH Nonghyup Bank', ko: 'NH농협은행' },
  { code: '020', en: 'Woori Bank', ko: '우리은행' },
  { code: '023', en: 'SC First Bank', ko: 'SC제일은행' },
  { code: '027', en: 'Citibank Korea', ko: '한국씨티은행' },
  { code: '031', en: 'iM Bank', ko: 'iM뱅크' },
  { code: '032', en: 'Busan Bank', ko: '부산은행' },
  { code: '034', en: 'Gwangju Bank', ko: '광주은행' },
  { code: '035', en: 'Jeju Bank', ko: '제주은행' },
  { code: '037', en: 'Jeonbuk Bank', ko: '전북은행' },
  { code: '039', en: 'Kyongnam Bank', ko: '경남은행' },
  { code: '045', en: 'MG Saemaul Geumgo', ko: '새마을금고' },
  { code: '048', en: 'Shinhyup', ko: '신협' },
  { code: '071', en: 'Korea Post', ko: '우체국' },
  { code: '081', en: 'Hana Bank', ko: '하나은행' },
  { code: '088', en: 'Shinhan Bank', ko: '신한은행' },
  { code: '089', en: 'K bank', ko: '케이뱅크' },
  { code: '090', en: 'KakaoBank', ko: '카카오뱅크' },
  { code: '092', en: 'Toss Bank', ko: '토스뱅크' },
] as const;
export type KoreanBank = (typeof KOREAN_BANKS)[number];
export type BankCode = KoreanBank['code'];

/** The bank of a code, or undefined for a code not (or no longer) in the list. */
export function findKoreanBank(code: string): KoreanBank | undefined {
  return KOREAN_BANKS.find((bank) => bank.code === code);
}

/** The bank's name in the page's language (Korean for `ko*`, English otherwise). */
export function koreanBankName(code: string, language: string): string | undefined {
  const bank = findKoreanBank(code);
  if (!bank) return undefined;
  return language.startsWith('ko') ? bank.ko : bank.en;
}
