import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { KycDocumentKind } from '@portal/contract/kyc';
import type { TransactionStatus } from '@portal/contract/transactions';
import {
  deposits,
  kycDocuments,
  merchantAccounts,
  merchants,
  rates,
  transactions,
  users,
} from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import type { UserRole } from '@portal/contract/users';

/**
 * Agencies, clients, documents and transactions made straight in the database, with unique codes
 * and emails, so these tests run side by side with others on a shared PostgreSQL database.
 */
export function marker(): string {
  return randomBytes(4).toString('hex');
}

export interface Made {
  id: string;
  email: string;
  name: string;
  phone: string;
}

export async function makeUser(
  app: App,
  options: {
    role?: UserRole;
    agencyId?: string | null;
    name?: string;
    email?: string;
    phone?: string;
  } = {},
): Promise<Made> {
  const email = options.email ?? uniqueEmail(options.role ?? 'client');
  const name = options.name ?? `Client ${marker()}`;
  const phone = options.phone ?? '010-1234-5678';
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      name,
      phone,
      passwordHash: 'no-password',
      role: options.role ?? 'client',
      agencyId: options.agencyId ?? null,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, name, phone };
}

/** A browser with a live session of `userId`, without a password round. */
export async function browserOf(app: App, userId: string): Promise<BrowserClient> {
  const { token } = await createSession(
    app.db,
    userId,
    { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
    { ip: null, userAgent: null },
    // As a sign-in with both factors leaves it (staff need them: docs/SECURITY.md).
    true,
  );
  const browser = new BrowserClient(app);
  browser.cookies.set(SESSION_COOKIE, token);
  await browser.visit();
  return browser;
}

/** A signed-in user of `role`. */
export async function person(
  app: App,
  role: UserRole,
  agencyId: string | null = null,
): Promise<Made & { browser: BrowserClient }> {
  const user = await makeUser(app, { role, agencyId });
  return { ...user, browser: await browserOf(app, user.id) };
}

export async function addDocument(
  app: App,
  userId: string,
  kind: KycDocumentKind,
  status: 'submitted' | 'approved' | 'rejected',
) {
  await app.db.insert(kycDocuments).values({
    userId,
    kind,
    status,
    storageKey: `test/${randomUUID()}`,
    contentType: 'image/png',
    sizeBytes: 100,
    rejectionReason: status === 'rejected' ? 'Blurred' : null,
  });
}

/** A merchant and a rate of a fresh asset, for transactions. */
export async function makeMerchant(app: App) {
  const asset = `C${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
  const [merchant] = await app.db
    .insert(merchants)
    .values({
      code: `M-${asset}`,
      name: `Merchant ${asset}`,
      asset,
      minPerRequest: '1',
      maxPerRequest: '1000000',
      connection: 'sandbox',
    })
    .returning({ id: merchants.id, name: merchants.name });
  const [rate] = await app.db
    .insert(rates)
    .values({ asset, buyRateKrw: '1000', sellRateKrw: '990' })
    .returning({ id: rates.id });
  return { id: merchant!.id, name: merchant!.name, asset, rateId: rate!.id };
}

export async function addAccount(app: App, userId: string, merchantId: string) {
  await app.db.insert(merchantAccounts).values({
    id: randomUUID(),
    userId,
    merchantId,
    accountNumber: `ACC-${marker()}`,
    holderName: 'Holder',
    name: 'Main',
    linkTokenCiphertext: 'not-a-real-token',
  });
}

/**
 * A buy of `totalKrw` won (amount = total / 1000) in `status`, made `createdAt`. A Completed one
 * is paid by a deposit of its own, as the database requires (docs/decisions/010).
 */
export async function addBuy(
  app: App,
  userId: string,
  merchant: Awaited<ReturnType<typeof makeMerchant>>,
  totalKrw: number,
  status: TransactionStatus,
  createdAt = new Date(),
) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transactions)
      .values({
        number: `T${randomBytes(6).toString('hex').toUpperCase()}`,
        type: 'buy',
        status: status === 'Completed' ? 'Pending' : status,
        depositBankName: 'Test Bank',
        depositAccountNumber: '100-200-300000',
        depositAccountHolder: 'Test Agency',
        userId,
        merchantId: merchant.id,
        accountName: 'Main',
        accountNumber: 'ACC-1',
        amount: String(totalKrw / 1000),
        rateId: merchant.rateId,
        rateKrw: '1000',
        totalKrw: String(totalKrw),
        expiresAt: new Date(createdAt.getTime() + 86_400_000),
        createdAt,
        updatedAt: createdAt,
        completedAt: status === 'Completed' ? createdAt : null,
      })
      .returning({ id: transactions.id, number: transactions.number });
    if (status === 'Completed') {
      const [paid] = await tx
        .insert(deposits)
        .values({
          bankReference: `KIT-${randomBytes(6).toString('hex')}`,
          depositorName: 'kit',
          amountKrw: String(totalKrw),
          receivedAt: createdAt,
          source: 'manual',
          status: 'settled',
          matchedTransactionId: row!.id,
        })
        .returning({ id: deposits.id });
      await tx
        .update(transactions)
        .set({ status: 'Completed', settledByDepositId: paid!.id })
        .where(eq(transactions.id, row!.id));
    }
    return row!;
  });
}
