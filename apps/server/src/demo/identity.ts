import { inArray } from 'drizzle-orm';
import type { UserRole } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { agencies, users } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import { hashPassword } from '@server/modules/auth/passwords';
import { enrolTotpSecret } from '@server/modules/two-factor/credentials';

/**
 * Demo agencies and users, one of each role (README "Demo sign-ins"; the browser tests sign in
 * with these). Passwords are hashed when seeding, never stored here as hashes.
 */
export const DEMO_AGENCIES = [
  {
    code: 'SEOUL-01',
    name: 'Seoul Partners',
    bankName: '국민은행',
    bankAccountNumber: '123456-01-234567',
    bankAccountHolder: '(주)서울파트너스',
  },
  {
    code: 'BUSAN-02',
    name: 'Busan Exchange Partners',
    bankName: '부산은행',
    bankAccountNumber: '101-2034-5678-09',
    bankAccountHolder: '부산익스체인지파트너스',
  },
] as const;

type DemoAgencyCode = (typeof DEMO_AGENCIES)[number]['code'];

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  phone: string;
  role: UserRole;
  agency: DemoAgencyCode | null;
  /**
   * The authenticator-app secret (base32) of staff, who sign in with two factors: published in
   * the README so anyone can add it to an app and sign in. A demo's, never a real one's.
   */
  totpSecret?: string;
}

const CLIENT_PASSWORD = 'Client#2026!';
/** The demo client's authenticator key, published in the README like the staff's. */
const DEMO_CLIENT_TOTP_SECRET = 'WONBRIDGEDEMOCLIENTHONGGILDONGAA';
const AGENCY_PASSWORD = 'Agency#2026!';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'operator@wonbridge.example',
    password: 'Operator#2026!',
    name: '이운영',
    phone: '010-2000-0001',
    role: 'operator',
    agency: null,
    totpSecret: 'WONBRIDGEDEMOOPERATORONEAAAAAAAA',
  },
  // The second operator: a newcomer approves what the first asked (docs/decisions/017).
  {
    email: 'operator2@wonbridge.example',
    password: 'Operator#2026!',
    name: '박승인',
    phone: '010-2000-0002',
    role: 'operator',
    agency: null,
    totpSecret: 'WONBRIDGEDEMOOPERATORTWOAAAAAAAA',
  },
  {
    email: 'agency@wonbridge.example',
    password: AGENCY_PASSWORD,
    name: '김대행',
    phone: '010-3000-0001',
    role: 'agency',
    agency: 'SEOUL-01',
    totpSecret: 'WONBRIDGEDEMOAGENCYSEOULAAAAAAAA',
  },
  {
    email: 'busan@wonbridge.example',
    password: AGENCY_PASSWORD,
    name: '최부산',
    phone: '010-3000-0002',
    role: 'agency',
    agency: 'BUSAN-02',
    totpSecret: 'WONBRIDGEDEMOAGENCYBUSANAAAAAAAA',
  },
  ...(
    [
      ['client@wonbridge.example', '홍길동', '010-1234-5678', 'SEOUL-01'],
      ['minjun.kim@wonbridge.example', '김민준', '010-4000-0001', 'SEOUL-01'],
      ['seoyeon.lee@wonbridge.example', '이서연', '010-4000-0002', 'SEOUL-01'],
      ['jihoon.park@wonbridge.example', '박지훈', '010-4000-0003', 'SEOUL-01'],
      ['subin.jung@wonbridge.example', '정수빈', '010-4000-0004', 'SEOUL-01'],
      ['haneul.kang@wonbridge.example', '강하늘', '010-5000-0001', 'BUSAN-02'],
      ['jia.yoon@wonbridge.example', '윤지아', '010-5000-0002', 'BUSAN-02'],
    ] as const
  ).map(([email, name, phone, agency]) => ({
    email,
    password: CLIENT_PASSWORD,
    name,
    phone,
    role: 'client' as const,
    agency,
    // The demo client sells, which needs two-factor on (docs/decisions/026); the other demo
    // clients keep it off and turn it on on Profile before their first sell.
    ...(email === 'client@wonbridge.example' ? { totpSecret: DEMO_CLIENT_TOTP_SECRET } : {}),
  })),
];

/**
 * Adds the demo agencies and users. Idempotent on its own too: what exists already (by agency
 * code, by email) is left as it is.
 */
export async function seedDemoIdentity(db: Database): Promise<void> {
  await db
    .insert(agencies)
    .values([...DEMO_AGENCIES])
    .onConflictDoNothing();
  const agencyRows = await db
    .select({ id: agencies.id, code: agencies.code })
    .from(agencies)
    .where(
      inArray(
        agencies.code,
        DEMO_AGENCIES.map((agency) => agency.code),
      ),
    );
  const agencyIds = new Map(agencyRows.map((agency) => [agency.code, agency.id]));

  const rows = await Promise.all(
    DEMO_USERS.map(async ({ password, agency, totpSecret: _secret, ...user }) => ({
      ...user,
      passwordHash: await hashPassword(password),
      agencyId: agency ? (agencyIds.get(agency) ?? null) : null,
      // Demo users sign in and trade as README says: their emails count as confirmed.
      emailVerifiedAt: new Date(),
    })),
  );
  await db.insert(users).values(rows).onConflictDoNothing({ target: users.email });
}

/**
 * Two-factor sign-in on for the demo staff and the demo client, with their published secrets
 * (README "Demo sign-ins").
 */
export async function seedDemoTwoFactor(db: Database, box: SecretBox): Promise<void> {
  const staff = DEMO_USERS.filter((user) => user.totpSecret);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        staff.map((user) => user.email),
      ),
    );
  for (const row of rows) {
    const secret = staff.find((user) => user.email === row.email)?.totpSecret;
    if (secret) await enrolTotpSecret(db, box, row.id, secret);
  }
}
