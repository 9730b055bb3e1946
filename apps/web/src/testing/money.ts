import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import type { PayeeResponse } from '@portal/contract/payees';
import type { TwoFactorStatus } from '@portal/contract/two-factor';
import type { Account } from '@portal/contract/accounts';
import type { Merchant } from '@portal/contract/merchants';
import type {
  AccountPosition,
  DepositAccountResponse,
  Quote,
  TransactionDetail,
} from '@portal/contract/transactions';
import { mockApi } from '@/testing/api';
import { ok, testUser } from '@/testing/app';

/** Test data of the money screens (Buy, Sell, transaction detail), and an API that answers it. */
export const hanbit: Merchant = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'HANBIT',
  name: 'Hanbit Wallet',
  asset: 'USDT',
  minPerRequest: '1',
  maxPerRequest: '50000',
  sandbox: true,
};

export const mainAccount: Account = {
  id: '0b6c7c5e-2222-4222-8222-000000000001',
  merchant: { id: hanbit.id, code: hanbit.code, name: hanbit.name, asset: hanbit.asset },
  accountNumber: '1002-3344-5566',
  holderName: '김민준',
  name: 'Hanbit main',
  isDefault: true,
  createdAt: '2026-03-02T01:02:03.000Z',
};

export function quote(
  side: 'buy' | 'sell',
  rateKrw: string,
  token = `token-${side}-${rateKrw}`,
): Quote {
  return {
    token,
    side,
    asset: 'USDT',
    rateKrw,
    issuedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 120_000).toISOString(),
  };
}

export const position: AccountPosition = {
  accountId: mainAccount.id,
  asset: 'USDT',
  balance: '1250.5',
  openPosition: '200',
  available: '1050.5',
  syncedAt: '2026-03-02T01:00:00.000Z',
};

export const payee: PayeeResponse = {
  bankCode: '088',
  bankName: 'Shinhan Bank',
  accountNumber: '110-234-567890',
  holderName: '김민준',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

export const depositAccount: DepositAccountResponse = {
  agencyName: 'Seoul Partners',
  takingBuys: true,
  account: { bankName: '국민은행', accountNumber: '123-456-789012', accountHolder: '서울파트너스' },
};

export function transaction(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    id: '9d0f3c1a-1111-4111-8111-000000000001',
    number: 'B00000012',
    type: 'buy',
    status: 'Requested',
    merchant: mainAccount.merchant,
    account: {
      id: mainAccount.id,
      name: mainAccount.name,
      accountNumber: mainAccount.accountNumber,
    },
    amount: '1.23456789',
    rateKrw: '1392.5',
    totalKrw: '1720',
    createdAt: '2026-03-02T01:02:03.000Z',
    updatedAt: '2026-03-02T01:02:03.000Z',
    expiresAt: '2026-03-03T01:02:03.000Z',
    completedAt: null,
    delayReason: null,
    payoutReference: null,
    payee: null,
    debit: null,
    requested: null,
    refunds: [],
    depositsInReview: [],
    creditStatus: 'not_applicable',
    depositInstructions: {
      bankName: '국민은행',
      accountNumber: '123-456-789012',
      accountHolder: '서울파트너스',
      depositorName: '김민준',
      amountKrw: '1720',
    },
    events: [
      {
        move: 'request',
        from: null,
        to: 'Requested',
        actorKind: 'user',
        at: '2026-03-02T01:02:03.000Z',
        reason: null,
        note: null,
      },
    ],
    ...overrides,
  };
}

interface MoneyApi {
  quotes?: Partial<Record<'buy' | 'sell', () => Promise<unknown>>>;
  detail?: () => Promise<unknown>;
  position?: AccountPosition;
  deposit?: DepositAccountResponse;
  /** The seller's payout account (GET /payee); null when none is registered. */
  payee?: PayeeResponse | null;
  /** Whether the user's four identity documents are approved (GET /kyc/documents). */
  verified?: boolean;
  /** Whether the user has two-factor sign-in on (GET /profile/two-factor). */
  twoFactor?: boolean;
  /** Whether the signed-in user's email is confirmed (docs/decisions/027). */
  emailVerified?: boolean;
}

/** GET /profile/two-factor: on since March, or off. */
export function twoFactorStatus(enabled: boolean): TwoFactorStatus {
  return enabled
    ? { enabled, enabledAt: '2026-03-01T00:00:00.000Z', recoveryCodesLeft: 10 }
    : { enabled, enabledAt: null, recoveryCodesLeft: 0 };
}

/** GET /kyc/documents: all four approved, or none sent yet. */
export function kycDocuments(verified: boolean) {
  return {
    documents: Object.fromEntries(
      KYC_DOCUMENT_KINDS.map((kind) => [
        kind,
        verified
          ? {
              id: `doc-${kind}`,
              kind,
              status: 'approved',
              contentType: 'image/jpeg',
              sizeBytes: 1000,
              uploadedAt: '2026-03-01T00:00:00.000Z',
              reviewedAt: '2026-03-01T01:00:00.000Z',
              rejectionReason: null,
            }
          : null,
      ]),
    ),
  };
}

/** Mocks `mockApi.get` for the money screens; each answer can be replaced per test. */
export function answerMoneyApi({
  quotes = {},
  detail,
  position: held = position,
  deposit = depositAccount,
  payee: registered = payee,
  verified = true,
  twoFactor = true,
  emailVerified = true,
}: MoneyApi = {}) {
  return mockApi.get.mockImplementation((url, config) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, emailVerified } }));
    if (url === '/merchants') return Promise.resolve(ok({ items: [hanbit] }));
    if (url === '/accounts') return Promise.resolve(ok({ items: [mainAccount] }));
    if (url === '/deposit-account') return Promise.resolve(ok(deposit));
    if (url === '/payee') return Promise.resolve(ok(registered));
    if (url === '/kyc/documents') return Promise.resolve(ok(kycDocuments(verified)));
    if (url === '/profile/two-factor') return Promise.resolve(ok(twoFactorStatus(twoFactor)));
    if (url === `/accounts/${mainAccount.id}/position`) return Promise.resolve(ok(held));
    if (url === '/quotes') {
      const side = (config?.params as { side?: 'buy' | 'sell' } | undefined)?.side ?? 'buy';
      const answer = quotes[side];
      return answer
        ? answer().then((data) => ok(data))
        : Promise.resolve(ok(quote(side, side === 'buy' ? '1392.5' : '1380')));
    }
    if (url === '/transactions')
      return Promise.resolve(ok({ items: [], total: 0, page: 1, pageSize: 5 }));
    if (url.startsWith('/transactions/') && detail) return detail().then((data) => ok(data));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}
