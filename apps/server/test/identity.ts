import { count, eq, or, sql } from 'drizzle-orm';
import { isTwoFactorRequired } from '@portal/contract/two-factor';
import type { UserRole } from '@portal/contract/users';
import { randomUUID } from 'node:crypto';
import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import {
  agencies,
  auditEvents,
  kycDocuments,
  sessions,
  throttleCounters,
  users,
} from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { hashPassword } from '@server/modules/auth/passwords';
import { insertUser } from '@server/modules/users/repository';
import { BrowserClient, GOOD_PASSWORD, uniqueEmail, type BrowserOptions } from './browser-client';
import { codeFor, giveTwoFactor, setUpAtSignIn } from './two-factor';

/**
 * Users made straight in the database, for roles sign-up never gives (operator, agency), and
 * the counts tests compare before and after a request.
 */
export async function createUser(
  app: App,
  options: Partial<{
    role: UserRole;
    agencyId: string | null;
    name: string;
    email: string;
    /** Two-factor on for a client too: selling and the payee need it (docs/decisions/026). */
    twoFactor: boolean;
  }> = {},
) {
  await app.ready();
  const email = options.email ?? uniqueEmail(options.role ?? 'client');
  const id = await insertUser(app.db, {
    email,
    name: options.name ?? '홍길동',
    phone: '010-1234-5678',
    passwordHash: await hashPassword(GOOD_PASSWORD),
    role: options.role ?? 'client',
    agencyId: options.agencyId ?? null,
    // Made by the test, not signed up: its email counts as confirmed (docs/decisions/027).
    emailVerified: true,
  });
  if (!id) throw new Error(`could not create ${email}`);
  // Staff cannot sign in without two-factor (docs/SECURITY.md): theirs is on from the start.
  if (options.twoFactor || isTwoFactorRequired(options.role ?? 'client')) {
    await giveTwoFactor(app, id, email);
  }
  return { id, email, password: GOOD_PASSWORD };
}

/** A new agency with a unique code. */
export async function createAgency(app: App, name = 'Test Partners') {
  await app.ready();
  const code =
    `T-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
  const [row] = await app.db
    .insert(agencies)
    .values({ code, name })
    .returning({ id: agencies.id, code: agencies.code });
  if (!row) throw new Error('could not create an agency');
  return { ...row, name };
}

/** A browser signed in as `email` through the API, with its second factor if it has one. */
export async function signIn(
  app: App,
  email: string,
  password = GOOD_PASSWORD,
  options: BrowserOptions = {},
) {
  const browser = new BrowserClient(app, options);
  await browser.visit();
  let response = await browser.post('/api/auth/sign-in', { email, password });
  const answer = response.json() as {
    secondFactor?: { challenge: string };
    secondFactorSetup?: { challenge: string };
  };
  if (answer.secondFactor) {
    const code = await codeFor(app, email);
    response = await browser.post('/api/auth/sign-in/second-factor', {
      challenge: answer.secondFactor.challenge,
      code,
    });
  } else if (answer.secondFactorSetup) {
    // Staff without two-factor yet (a new agency's user): set up in the sign-in, as in the page.
    response = await setUpAtSignIn(app, browser, email, answer.secondFactorSetup.challenge);
  }
  if (response.statusCode !== 200 || !response.json().user) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return browser;
}

/** A user of `role` made in the database and signed in. */
export async function signedIn(
  app: App,
  role: UserRole = 'client',
  agencyId?: string,
  options: { twoFactor?: boolean } = {},
) {
  const user = await createUser(app, { role, agencyId, ...options });
  return { ...user, browser: await signIn(app, user.email) };
}

/** What exists in the database about one email: to show a refused request wrote nothing. */
export async function footprint(app: App, email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  const sessionRows = user
    ? await app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id))
    : [{ n: 0 }];
  const auditRows = await app.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      or(
        user
          ? or(eq(auditEvents.actorUserId, user.id), eq(auditEvents.subjectUserId, user.id))
          : sql`false`,
        sql`${auditEvents.details}->>'email' = ${email}`,
      ),
    );
  const counterRows = await app.db
    .select({ n: count() })
    .from(throttleCounters)
    .where(sql`position(${email} in ${throttleCounters.key}) > 0`);
  return {
    user: user ?? null,
    sessions: sessionRows[0]?.n ?? 0,
    auditEvents: auditRows[0]?.n ?? 0,
    throttleCounters: counterRows[0]?.n ?? 0,
  };
}

/** The audit events about a user, oldest first. */
export async function auditTrail(app: App, userId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(or(eq(auditEvents.actorUserId, userId), eq(auditEvents.subjectUserId, userId)))
    .orderBy(auditEvents.occurredAt);
}

/** The user's live session rows. */
export async function sessionsOf(app: App, userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** A browser holding only copies of `cookies`, as someone who copied them would. */
export function replayCookies(app: App, cookies: ReadonlyMap<string, string>) {
  const copy = new BrowserClient(app);
  for (const [name, value] of cookies) copy.cookies.set(name, value);
  return copy;
}

/** The email of whoever the browser is signed in as, or null. */
export async function whoIs(browser: BrowserClient): Promise<string | null> {
  return (await browser.get('/api/auth/me')).json().user?.email ?? null;
}

/**
 * Marks a user's identity as verified, as an operator approving all four documents would: four
 * approved document rows (no files behind them). For tests whose subject is not identity itself;
 * the identity tests go through uploads and review.
 */
export async function markIdentityVerified(app: App, userId: string): Promise<void> {
  await app.ready();
  await app.db
    .insert(kycDocuments)
    .values(
      KYC_DOCUMENT_KINDS.map((kind) => ({
        userId,
        kind,
        status: 'approved' as const,
        storageKey: `test-verified/${randomUUID()}`,
        contentType: 'image/png',
        sizeBytes: 1,
        reviewedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
}
