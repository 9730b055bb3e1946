import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalRequested } from '@portal/contract/approvals';
import { approvals, sessions, users } from '@server/db/schema';
import { codeFor } from '@test/two-factor';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * Step-up for operators (docs/decisions/026): an approval decision and a role change ask for a
 * second factor proved within the step-up window; older, 403 STEP_UP_REQUIRED and nothing
 * changes; after POST /api/auth/step-up the same request goes through.
 */
let kit: MoneyKit;
let maker: Person;
let checker: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  maker = await kit.person({ role: 'operator' });
  checker = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

/** The person's sessions' last proof, moved back past the five minutes. */
async function ageProof(who: Person) {
  await kit.app.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - interval '6 minutes'` })
    .where(eq(sessions.userId, who.id));
}

async function stepUp(who: Person) {
  const proved = await who.browser.post('/api/auth/step-up', {
    code: await codeFor(kit.app, who.email),
  });
  expect(proved.statusCode, proved.body).toBe(204);
}

async function operatorRoleAsked(): Promise<{ approval: Approval; userId: string }> {
  const user = await kit.person();
  const asked = await maker.browser.put(`/api/operator/users/${user.id}/role`, {
    role: 'operator',
  });
  expect(asked.statusCode, asked.body).toBe(202);
  return { approval: asked.json<ApprovalRequested>().approval, userId: user.id };
}

const statusOf = async (id: string) =>
  (await kit.app.db.select().from(approvals).where(eq(approvals.id, id)))[0]?.status;
const roleOf = async (id: string) =>
  (await kit.app.db.select().from(users).where(eq(users.id, id)))[0]?.role;

describe('operators step up for decisions', () => {
  it.each(['approve', 'reject'] as const)(
    '%s with a stale proof: STEP_UP_REQUIRED, nothing decided; after a code it is decided',
    async (decision) => {
      const { approval, userId } = await operatorRoleAsked();
      await ageProof(checker);
      const send = () =>
        checker.browser.post(
          `/api/operator/approvals/${approval.id}/${decision}`,
          decision === 'reject' ? { reason: 'Not what we agreed.' } : {},
        );
      const refused = await send();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
      expect(await statusOf(approval.id)).toBe('pending');
      expect(await roleOf(userId)).toBe('client');

      await stepUp(checker);
      const decided = await send();
      expect(decided.statusCode, decided.body).toBe(200);
      expect(await statusOf(approval.id)).toBe(decision === 'approve' ? 'approved' : 'rejected');
      expect(await roleOf(userId)).toBe(decision === 'approve' ? 'operator' : 'client');
    },
  );

  it('a role change with a stale proof: STEP_UP_REQUIRED, the role unchanged', async () => {
    const user = await kit.person();
    await ageProof(maker);
    const refused = await maker.browser.put(`/api/operator/users/${user.id}/role`, {
      role: 'agency',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    expect(await roleOf(user.id)).toBe('client');
    await stepUp(maker);
    const changed = await maker.browser.put(`/api/operator/users/${user.id}/role`, {
      role: 'agency',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await roleOf(user.id)).toBe('agency');
  });
});
