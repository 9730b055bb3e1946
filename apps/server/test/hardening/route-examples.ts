import { randomUUID } from 'node:crypto';
import type { RouteExample } from './hostile-requests';

/**
 * One valid request per route, which the hostile sweep spoils one part at a time. Ids are fresh
 * UUIDs, so a request that gets through validation finds nothing to act on and writes nothing;
 * passwords are never the caller's. A route that takes a body must have an example here (the
 * sweep fails otherwise), so that its hostile inputs reach past the fields they do not touch.
 */
export function routeExamples(context: { clientEmail: string }): Record<string, RouteExample> {
  const person = { name: '홍길동', phone: '010-1234-5678' };
  const bankAccount = {
    bankName: '국민은행',
    bankAccountNumber: '123-456-789012',
    bankAccountHolder: '(주)원브릿지',
  };
  const deposit = {
    bankReference: 'SWEEP-0001',
    depositorName: '홍길동',
    amountKrw: '10000',
    receivedAt: '2026-01-01T09:00:00+09:00',
  };
  const password = 'correct horse battery staple';
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: 'c3dlZXA',
      origin: 'https://portal.example',
    }),
  ).toString('base64url');
  const assertion = {
    id: 'c3dlZXAtY3JlZGVudGlhbA',
    rawId: 'c3dlZXAtY3JlZGVudGlhbA',
    type: 'public-key',
    response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  };
  const attestation = {
    ...assertion,
    response: { clientDataJSON, attestationObject: 'AAAA', transports: ['internal'] },
  };
  return {
    'POST /api/auth/sign-up': {
      body: {
        ...person,
        email: 'hostile-sweep@example.test',
        password,
        confirmPassword: password,
      },
    },
    'POST /api/auth/sign-in': { body: { email: 'nobody@example.test', password } },
    // Nobody has this email, so an accepted request mails no one and writes only its counter.
    'POST /api/auth/password-reset': { body: { email: 'nobody@example.test', language: 'ko' } },
    // A well-formed token nobody was sent: refused as expired or unknown, never a 5xx.
    'POST /api/email-verification/confirm': { body: { token: 'A'.repeat(43) } },
    'POST /api/email-verification/resend': { body: { language: 'ko' } },
    'PUT /api/profile/mail-settings': { body: { transactionMails: true, language: 'ko' } },
    'POST /api/auth/password-reset/confirm': {
      body: { token: 'A'.repeat(43), password, confirmPassword: password },
    },
    // No such sign-in: refused before any code is checked.
    'POST /api/auth/sign-in/second-factor': {
      body: { challenge: 'A'.repeat(43), code: '123456', language: 'ko' },
    },
    'POST /api/auth/sign-in/two-factor-setup': { body: { challenge: 'A'.repeat(43) } },
    'POST /api/auth/sign-in/two-factor-confirm': {
      body: { challenge: 'A'.repeat(43), code: '123456', language: 'en' },
    },
    // The sweep's client has two-factor on (selling and the payee need it): set-up and turning
    // off are refused on the password, confirming as already on (409), the codes as wrong, so
    // nothing is turned on or off.
    'POST /api/auth/step-up': { body: { code: '123456' } },
    'POST /api/profile/two-factor/setup': { body: { currentPassword: 'not the password' } },
    'POST /api/profile/two-factor/confirm': { body: { code: '123456', language: 'en' } },
    'POST /api/profile/two-factor/recovery-codes': { body: { code: '123456', language: 'en' } },
    'POST /api/profile/two-factor/disable': {
      body: { currentPassword: 'not the password', code: 'ABCD-EFGH-JKLM-NPQR', language: 'en' },
    },
    // Passkeys (docs/decisions/025): answers to challenges nobody gave, so nothing verifies and
    // nothing is kept; the sweep's caller has two-factor off, so adding is refused as "not on".
    'POST /api/auth/sign-in/passkey-options': { body: {} },
    'POST /api/auth/sign-in/passkey': { body: { credential: assertion, language: 'en' } },
    'POST /api/auth/sign-in/second-factor/passkey': {
      body: { challenge: 'A'.repeat(43), credential: assertion, language: 'en' },
    },
    'POST /api/auth/step-up/passkey': { body: { credential: assertion } },
    'POST /api/profile/passkeys': {
      body: { credential: attestation, name: 'My phone', language: 'en' },
    },
    'DELETE /api/profile/passkeys/:id': { params: { id: randomUUID() }, query: { language: 'en' } },
    'PUT /api/profile': { body: { ...person, email: context.clientEmail } },
    'POST /api/profile/password': {
      body: { currentPassword: 'not the password', password, confirmPassword: password },
    },
    'GET /api/operator/users': { query: { q: '홍', role: 'client', page: '1' } },
    'PUT /api/operator/users/:id/status': { body: { status: 'disabled' } },
    'PUT /api/operator/users/:id/role': { body: { role: 'client' } },
    'POST /api/operator/agencies': {
      body: {
        ...bankAccount,
        code: 'SWEEP-01',
        name: 'Sweep Partners',
        user: { ...person, email: 'hostile-sweep-agency@example.test', password },
      },
    },
    'PATCH /api/operator/agencies/:id': { body: { ...bankAccount, name: 'Sweep Partners' } },
    'PUT /api/operator/agencies/:id/status': { body: { status: 'active' } },
    'GET /api/agency/clients': { query: { q: '홍', page: '1' } },
    'GET /api/operator/audit-events': { query: { action: 'sign_in', limit: '10' } },
    'GET /api/operator/reconciliation': { query: { from: '2026-03-01', to: '2026-03-31' } },
    'GET /api/operator/reconciliation/export.:format': {
      params: { format: 'csv' },
      query: { from: '2026-03-01', to: '2026-03-31', part: 'merchants', lang: 'ko' },
    },
    'POST /api/kyc/documents/:kind': { params: { kind: 'id_front' } },
    'GET /api/operator/kyc/documents': { query: { status: 'submitted' } },
    'POST /api/operator/kyc/documents/:id/approve': { body: {} },
    'GET /api/operator/approvals': {
      query: { view: 'pending', kind: 'payout', q: '홍', from: '2026-03-01', sort: 'newest' },
    },
    'GET /api/operator/approvals/export.csv': {
      query: { view: 'decided', q: '1,000,000', to: '2026-12-31', lang: 'ko' },
    },
    'GET /api/operator/approvals/export.xlsx': { query: { q: '홍', lang: 'en' } },
    'POST /api/operator/approvals/:id/approve': { body: {} },
    'POST /api/operator/approvals/:id/reject': { body: { reason: 'The amount looks wrong.' } },
    'POST /api/approvals/:id/withdraw': { body: {} },
    'POST /api/operator/kyc/documents/:id/reject': { body: { reason: 'The photo is blurred.' } },
    'POST /api/profile/name-change': {},
    'POST /api/operator/name-changes/:id/approve': { body: {} },
    'POST /api/operator/name-changes/:id/reject': { body: { reason: 'The photo is blurred.' } },
    'POST /api/operator/merchants': {
      body: {
        name: 'Sweep Wallet',
        code: 'SWEEP',
        asset: 'SWP',
        minPerRequest: '1',
        maxPerRequest: '100',
        connection: 'sandbox',
      },
    },
    'PATCH /api/operator/merchants/:id': { body: { name: 'Sweep Wallet' } },
    'POST /api/accounts/verify': {
      body: { merchantId: randomUUID(), accountNumber: 'SB-0001', password: 'merchant-pw' },
    },
    'POST /api/accounts': { body: { verificationId: randomUUID(), name: 'Main' } },
    'POST /api/accounts/:id/default': { body: {} },
    'POST /api/sandbox/accounts': { body: { merchantId: randomUUID() } },
    'POST /api/operator/merchants/:id/sandbox-accounts/:accountNumber/top-up': {
      params: { accountNumber: 'SBX-0000-0000' },
      body: { amount: '10.5' },
    },
    'POST /api/operator/merchants/:id/sandbox-accounts/:accountNumber/close': {
      params: { accountNumber: 'SBX-0000-0000' },
      body: {},
    },
    'PATCH /api/accounts/:id': { body: { name: 'Main' } },
    'PUT /api/agency/bank-account': {
      body: {
        bankName: '국민은행',
        accountNumber: '123-456-789012',
        accountHolder: '(주)원브릿지',
      },
    },
    'GET /api/quotes': { query: { merchantId: randomUUID(), side: 'buy' } },
    'POST /api/operator/rates': {
      body: { asset: 'SWP', buyRateKrw: '1392.50', sellRateKrw: '1381.00' },
    },
    'POST /api/transactions/buy': {
      body: { accountId: randomUUID(), amount: '1.5', quoteToken: 'not-a-quote' },
    },
    'POST /api/transactions/sell': {
      body: { accountId: randomUUID(), amount: '1.5', quoteToken: 'not-a-quote' },
    },
    'GET /api/transactions': { query: { type: 'buy', status: 'Requested', q: '홍', page: '1' } },
    'GET /api/agency/transactions': { query: { type: 'buy', q: '홍', page: '1' } },
    'GET /api/transactions/export.csv': { query: { type: 'buy', lang: 'ko' } },
    'GET /api/agency/transactions/export.csv': { query: { type: 'buy', lang: 'ko' } },
    'GET /api/transactions/export.xlsx': { query: { type: 'buy', lang: 'ko' } },
    'GET /api/agency/transactions/export.xlsx': { query: { type: 'buy', lang: 'ko' } },
    'POST /api/transactions/:id/cancel': { body: { reason: 'Changed my mind.' } },
    'GET /api/operator/transactions': {
      query: { type: 'sell', q: '홍', from: '2026-01-01', sort: 'amount_desc', page: '1' },
    },
    'GET /api/operator/transactions/export.csv': { query: { q: '홍', lang: 'ko' } },
    'GET /api/operator/transactions/export.xlsx': { query: { q: '홍', lang: 'ko' } },
    'POST /api/operator/transactions/:id/take': { body: { note: 'On it.' } },
    'POST /api/operator/transactions/:id/complete': {
      body: { payoutReference: 'PAY-0001', note: 'Paid.' },
    },
    'POST /api/operator/transactions/:id/cancel': { body: { reason: 'A duplicate.' } },
    'POST /api/operator/transactions/:id/retry-credit': {
      body: { note: 'Account relinked at the merchant.' },
    },
    'GET /api/operator/deposits': {
      query: { status: 'review', q: '1,000,000', from: '2026-01-01', sort: 'oldest', page: '1' },
    },
    'GET /api/operator/deposits/export.csv': { query: { q: '홍', to: '2026-12-31', lang: 'ko' } },
    'GET /api/operator/deposits/export.xlsx': { query: { q: '홍', lang: 'en' } },
    'GET /api/operator/volume': { query: { by: 'merchant', days: '30' } },
    'POST /api/operator/deposits': { body: deposit },
    'PUT /api/payee': { body: { bankCode: '004', accountNumber: '123-456-789012' } },
    'POST /api/operator/deposits/:id/match': {
      body: { transactionId: '00000000-0000-4000-8000-000000000001', acceptAmountDifference: true },
    },
    'POST /api/operator/deposits/:id/refund': {
      body: { reason: 'no_request', note: 'Nobody asked for it.' },
    },
    'POST /api/operator/deposits/:id/refunded': {
      body: { bankReference: 'KB-RETURN-0001', refundedOn: '2026-01-02' },
    },
    'POST /api/operator/deposits/:id/write-off': { body: { reason: 'The bank returned it.' } },
    'POST /api/bank/deposits': { body: { ...deposit, bankReference: 'SWEEP-HOOK-0001' } },
  };
}
