import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyDashboard } from '@portal/contract/agency-dashboard';
import { koreaDay } from '@portal/contract/korea-time';
import { agencies, users } from '@server/db/schema';
import { dashboardMonths } from '@server/modules/agency-dashboard/repository';
import { createUser } from '@test/identity';
import {
  deposit,
  moneyKit,
  statusOf,
  uniqueAmount,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';

/**
 * The agency dashboard (docs/decisions/022): the agency's own clients and their transactions only,
 * counted by status per Korean month, with the won completed.
 */
let kit: MoneyKit;
let agencyUser: Person;

beforeAll(async () => {
  kit = await moneyKit();
  agencyUser = await kit.person({ role: 'agency' });
});
afterAll(() => kit.close());

describe('dashboardMonths', () => {
  it('is the last 12 months in Korea, oldest first', () => {
    const months = dashboardMonths(new Date('2026-01-15T00:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-02');
    expect(months[11]).toBe('2026-01');
    // 2026-01-31 15:00 UTC is already 1 February in Seoul.
    expect(dashboardMonths(new Date('2026-01-31T15:00:00Z'))[11]).toBe('2026-02');
    expect(dashboardMonths(new Date('2026-12-01T00:00:00Z'))[0]).toBe('2026-01');
  });
});

describe('GET /api/agency/dashboard', () => {
  it("counts the agency's own clients and transactions, by status per Korean month", async () => {
    const empty = await agencyUser.browser.get('/api/agency/dashboard');
    expect(empty.statusCode, empty.body).toBe(200);

    const client = await kit.person();
    await createUser(kit.app, { agencyId: kit.agencyId }); // not verified
    const account = await kit.account(client, '100');
    const paid = await kit.made(client, 'buy', account.id, uniqueAmount());
    await deposit(kit.app, { depositorName: client.name, amountKrw: paid.totalKrw });
    await expect.poll(() => statusOf(kit.app, paid.id)).toBe('Completed');
    const open = await kit.made(client, 'buy', account.id, uniqueAmount());
    const cancelled = await kit.made(client, 'buy', account.id, uniqueAmount());
    expect(
      (await client.browser.post(`/api/transactions/${cancelled.id}/cancel`, {})).statusCode,
    ).toBe(200);
    // Requested two months ago (Korea), still open.
    const older = await kit.made(client, 'buy', account.id, uniqueAmount());
    await kit.app.db.execute(
      sql`update transactions set created_at = now() - interval '62 days' where id = ${older.id}`,
    );

    // Another agency's client is not counted.
    const [other] = await kit.app.db
      .insert(agencies)
      .values({ code: `OT-${kit.asset}`, name: 'Other' })
      .returning({ id: agencies.id });
    const stranger = await kit.person();
    await kit.account(stranger, '1');
    await kit.app.db.update(users).set({ agencyId: other!.id }).where(eq(users.id, stranger.id));

    const response = await agencyUser.browser.get('/api/agency/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json<AgencyDashboard>();
    const before = empty.json<AgencyDashboard>();
    expect(dashboard.clients - before.clients).toBe(2);
    expect(dashboard.verifiedClients - before.verifiedClients).toBe(1);
    expect(BigInt(dashboard.completedKrw) - BigInt(before.completedKrw)).toBe(
      BigInt(paid.totalKrw),
    );
    expect(dashboard.months).toHaveLength(12);
    const thisMonth = koreaDay().slice(0, 7);
    const last = dashboard.months[11]!;
    const lastBefore = before.months[11]!;
    expect(last.month).toBe(thisMonth);
    expect(last.counts.Completed - lastBefore.counts.Completed).toBe(1);
    expect(last.counts.Requested - lastBefore.counts.Requested).toBe(1);
    expect(last.counts.Cancelled - lastBefore.counts.Cancelled).toBe(1);
    expect(BigInt(last.completedKrw) - BigInt(lastBefore.completedKrw)).toBe(BigInt(paid.totalKrw));
    const olderMonth = koreaDay(new Date(Date.now() - 62 * 24 * 3600 * 1000)).slice(0, 7);
    const olderEntry = dashboard.months.find((entry) => entry.month === olderMonth)!;
    const olderBefore = before.months.find((entry) => entry.month === olderMonth)!;
    expect(olderEntry.counts.Requested - olderBefore.counts.Requested).toBe(1);
    expect(open.status).toBe('Requested');
  });

  it('is for agency users only', async () => {
    const client = await kit.person();
    const operator = await kit.person({ role: 'operator' });
    for (const who of [client, operator]) {
      expect((await who.browser.get('/api/agency/dashboard')).statusCode).toBe(403);
    }
  });
});
