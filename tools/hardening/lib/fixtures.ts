import { randomBytes, randomUUID } from 'node:crypto';
import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@server/db/client';
import { agencies, kycDocuments, merchants, rates, users } from '@server/db/schema';
import { hashPassword } from '@server/modules/auth/passwords';
import { createSession } from '@server/modules/auth/sessions';
import { driftedAccounts, ledgerTotal } from '@server/modules/ledger/ledger';
import { seedSandboxAccount } from '@server/modules/merchants/adapters/sandbox-adapter';
import { totpCodeAt } from '@server/modules/two-factor/totp';
import { cookieNamesFor } from '@server/plugins/app/access';
import { Browser } from './browser';

export const PASSWORD = 'Hardening#2026!';
const SANDBOX_PASSWORD = 'sandbox-password';

export interface Client {
  id: string;
  email: string;
  name: string;
  browser: Browser;
  accountId: string;
}

export interface MoneySetup {
  merchantId: string;
  clients: Client[];
}

/**
 * A sandbox merchant that takes any amount, its rates, an agency with a bank account, and
 * `count` clients who each have a signed-in browser and a saved merchant account holding
 * `balance`. The rows are written straight to the database (as the API tests' kit does); the
 * account is saved through the API, so its link token is made the way production makes it.
 *
 * Buying and selling wait for a verified identity (docs/decisions/010). `identity: 'rows'` (the
 * default) writes four approved document rows with no files behind them; `'uploads'` uploads four
 * real images through the API and approves them as an operator would, for tests that need the
 * files on disk (backups). Each client also registers the payee account sells are paid into.
 */
export async function setUpMoney(
  db: Database,
  baseUrl: string,
  options: {
    count: number;
    balance: string;
    signIn?: 'session-row' | 'password';
    identity?: 'rows' | 'uploads';
  },
): Promise<MoneySetup> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const asset = `H${tag}`;
  const [merchant] = await db
    .insert(merchants)
    .values({
      code: `HARD-${tag}`,
      name: `Hardening ${tag}`,
      asset,
      minPerRequest: '0.00000001',
      maxPerRequest: '1000000',
      connection: 'sandbox',
    })
    .returning({ id: merchants.id });
  await db.insert(rates).values({ asset, buyRateKrw: '1392.50', sellRateKrw: '1381.00' });
  const [agency] = await db
    .insert(agencies)
    .values({
      code: `HA-${tag}`,
      name: `Hardening agency ${tag}`,
      bankName: '국민은행',
      bankAccountNumber: `100-${tag}`,
      bankAccountHolder: '(주)하드닝',
    })
    .returning({ id: agencies.id });
  const passwordHash = await hashPassword(PASSWORD);

  const clients: Client[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const email = `hardening-${tag.toLowerCase()}-${index}@example.test`;
    const name = `하드닝${tag}${index}`;
    const [row] = await db
      .insert(users)
      .values({
        email,
        name,
        phone: '010-1234-5678',
        passwordHash,
        role: 'client',
        agencyId: agency!.id,
        // Confirmed, as a client who opened the link in their sign-up mail (docs/decisions/027).
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const browser = new Browser(baseUrl);
    if (options.signIn === 'password') {
      await browser.get('/api/auth/me');
      const signedIn = await browser.post('/api/auth/sign-in', { email, password: PASSWORD });
      if (signedIn.status !== 200)
        throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
    } else {
      const { token } = await createSession(
        db,
        row!.id,
        { idleMinutes: 30, maxHours: 12 },
        { ip: null, userAgent: 'hardening' },
      );
      // The servers run in production: Secure cookies, named with __Host-.
      browser.cookies.set(cookieNamesFor(true).session, token);
      await browser.get('/api/auth/me');
    }
    // Money out needs the authenticator app on (docs/decisions/026): turned on as a person does.
    await turnOnTwoFactor(browser);
    if (options.identity === 'uploads') await uploadDocuments(browser);
    await approveIdentity(db, row!.id);
    // A sell is paid into the seller's payee account, which must be known before the sell.
    const payee = await browser.request('PUT', '/api/payee', {
      bankCode: '088',
      accountNumber: '110-123-456789',
    });
    if (payee.status !== 200)
      throw new Error(`payee: ${payee.status} ${JSON.stringify(payee.body)}`);
    const accountNumber = `HB-${randomBytes(5).toString('hex')}`;
    await seedSandboxAccount(db, merchant!.id, {
      accountNumber,
      password: SANDBOX_PASSWORD,
      holderName: name,
      balance: options.balance,
    });
    const verified = await browser.post<{ verificationId: string }>('/api/accounts/verify', {
      merchantId: merchant!.id,
      accountNumber,
      password: SANDBOX_PASSWORD,
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
    const saved = await browser.post<{ id: string }>('/api/accounts', {
      verificationId: verified.body.verificationId,
    });
    if (saved.status !== 201) throw new Error(`save failed: ${JSON.stringify(saved.body)}`);
    clients.push({ id: row!.id, email, name, browser, accountId: saved.body.id });
  }
  return { merchantId: merchant!.id, clients };
}

/** Uploads an image for each of the four identity documents through the API. */
async function uploadDocuments(browser: Browser): Promise<void> {
  for (const kind of KYC_DOCUMENT_KINDS) {
    const image = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#36c' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), `${kind}.png`);
    const answer = await browser.post(`/api/kyc/documents/${kind}`, form);
    if (answer.status !== 201)
      throw new Error(`upload ${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Approves the user's uploaded documents and adds an approved row (no file) for each kind not
 * uploaded: the user's identity is then verified.
 */
async function approveIdentity(db: Database, userId: string): Promise<void> {
  await db
    .update(kycDocuments)
    .set({ status: 'approved', reviewedAt: new Date() })
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.status, 'submitted')));
  await db
    .insert(kycDocuments)
    .values(
      KYC_DOCUMENT_KINDS.map((kind) => ({
        userId,
        kind,
        status: 'approved' as const,
        storageKey: `hardening-verified/${randomUUID()}`,
        contentType: 'image/png',
        sizeBytes: 1,
        reviewedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
}

/** A fresh quote for the merchant (the token is part of the payload a retry must repeat). */
export async function quoteFor(browser: Browser, merchantId: string, side: 'buy' | 'sell') {
  const answer = await browser.get<{ token: string }>(
    `/api/quotes?merchantId=${merchantId}&side=${side}`,
  );
  if (answer.status !== 200) throw new Error(`quote: ${answer.status}`);
  return answer.body.token;
}

/** The ledger as the database sees it: sum of every posting, and accounts whose balance does not
 * equal the sum of their postings. */
export async function ledgerState(db: Database) {
  const total = await ledgerTotal(db);
  const drifted = await driftedAccounts(db);
  const entries = await db.execute<{ n: string }>(
    sql`select count(*)::text as n from ledger_entries`,
  );
  return { total, drifted: drifted.length, entries: Number(entries.rows[0]!.n) };
}

/** Turns the signed-in client's authenticator app on through Profile's API, as a person does. */
async function turnOnTwoFactor(browser: Browser): Promise<void> {
  const setup = await browser.post<{ secret: string }>('/api/profile/two-factor/setup', {
    currentPassword: PASSWORD,
  });
  if (setup.status !== 200) throw new Error(`two-factor setup: ${JSON.stringify(setup.body)}`);
  const confirmed = await browser.post('/api/profile/two-factor/confirm', {
    code: totpCodeAt(setup.body.secret),
    language: 'en',
  });
  if (confirmed.status !== 200)
    throw new Error(`two-factor confirm: ${JSON.stringify(confirmed.body)}`);
}
