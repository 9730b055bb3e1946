import type { MailLanguage } from '@portal/contract/auth';
import type { MailMessage } from '@server/lib/mail/mailer';
import type { DueMail } from './outbox';

/** "2.50000000" -> "2.5", "1720.00" -> "1,720": as the portal shows amounts. */
function plain(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${grouped}.${kept}` : grouped;
}

const WORDS = {
  en: {
    type: { buy: 'buy', sell: 'sell' },
    subject: { completed: 'completed', cancelled: 'cancelled' },
    hello: (name: string) => `Hello ${name},`,
    lead: (type: string, event: string) => `Your ${type} request was ${event}.`,
    reference: 'Reference',
    amount: 'Amount',
    total: 'Total',
    merchant: 'Merchant',
    open: 'See it in the portal:',
    optOut: 'You can turn these mails off on Profile.',
    signature: 'WonBridge',
  },
  ko: {
    type: { buy: '구매', sell: '판매' },
    subject: { completed: '완료', cancelled: '취소' },
    hello: (name: string) => `${name}님, 안녕하세요.`,
    lead: (type: string, event: string) => `${type} 요청이 ${event}되었습니다.`,
    reference: '참조 번호',
    amount: '수량',
    total: '총액',
    merchant: '머천트',
    open: '포털에서 확인하세요:',
    optOut: '이 메일은 프로필에서 끌 수 있습니다.',
    signature: '원브릿지',
  },
} as const;

/**
 * The mail of a transaction that completed or was cancelled, in the owner's stored language
 * (docs/decisions/027): type, amount, merchant, reference and a link to the transaction.
 */
export function transactionMail(mail: DueMail, publicUrl: string): MailMessage {
  const language: MailLanguage = mail.language;
  const words = WORDS[language];
  const type = words.type[mail.type];
  const event = words.subject[mail.event];
  const subject =
    language === 'ko'
      ? `원브릿지 ${type} ${event}: ${mail.number}`
      : `WonBridge ${type} ${event}: ${mail.number}`;
  return {
    to: mail.email,
    subject,
    text: [
      words.hello(mail.name),
      '',
      words.lead(type, event),
      '',
      `${words.reference}: ${mail.number}`,
      `${words.merchant}: ${mail.merchantName}`,
      `${words.amount}: ${plain(mail.amount)} ${mail.asset}`,
      `${words.total}: ${plain(mail.totalKrw)} KRW`,
      '',
      words.open,
      `${publicUrl}/app/transactions/${mail.transactionId}`,
      '',
      words.optOut,
      '',
      words.signature,
    ].join('\n'),
  };
}
