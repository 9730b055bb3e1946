import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOutcome, TransactionDetail } from '@portal/contract/transactions';
import { sql } from 'drizzle-orm';
import { deliveryGroups } from '@server/modules/deposits/delivery-groups';
import { deliverToWebhook } from '@test/bank-webhook';
import {
  HEALTHY_LEDGER,
  ledgerHealth,
  moneyKit,
  uniqueKoreanName,
  uniqueReference,
  type MoneyKit,
} from './money-test-kit';

/**
 * The bank's single deliveries that arrive together share a commit (docs/decisions/034) and
 * change no answer: each buy completes once, a retry is a duplicate, a replay is refused, a
 * conflict fails only its own delivery, and the counts the triggers keep stay exact.
 */
const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { bankWebhookSecret: SECRET } });
});
afterAll(() => kit.close());

const deliver = (body: unknown, timestamp?: number) =>
  deliverToWebhook(kit.app, SECRET, body, timestamp);

/** The counts kept per owner and per agency, beside the rows they count. */
async function countsBeside(userIds: readonly string[]) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const owners = await kit.app.db.execute<{ kept: string; actual: string }>(sql`
    select
      (select coalesce(sum(n), 0) from transaction_counts where user_id in (${ids}))::text as kept,
      (select count(*) from transactions where user_id in (${ids}))::text as actual`);
  const byStatus = await kit.app.db.execute<{ status: string; kept: string; actual: string }>(sql`
    select s.status,
      (select coalesce(sum(n), 0) from agency_transaction_counts c
        where c.agency_id = ${kit.agencyId} and c.status = s.status)::text as kept,
      (select count(*) from transactions t join users u on u.id = t.user_id
        where u.agency_id = ${kit.agencyId} and t.status = s.status)::text as actual
    from (values ('Requested'), ('Pending'), ('Completed'), ('Cancelled')) as s(status)`);
  return { owners: owners.rows[0]!, agency: byStatus.rows };
}

describe('single deliveries at once', () => {
  it('are each answered as if they had come alone, and the counts stay exact', async () => {
    const owners = await Promise.all(Array.from({ length: 12 }, () => kit.person()));
    const buys = await Promise.all(
      owners.map(async (owner, index) =>
        kit.made(owner, 'buy', (await kit.account(owner)).id, `${3 + index}.5`),
      ),
    );
    const at = new Date().toISOString();
    const paying = owners.map((owner, index) => ({
      bankReference: uniqueReference(),
      depositorName: owner.name,
      amountKrw: buys[index]!.totalKrw,
      receivedAt: at,
    }));
    // A reference recorded before, then re-sent with another amount among the rest; from
    // nobody with a request here, so it concerns none of the buys.
    const stranger = { depositorName: uniqueKoreanName(), receivedAt: at };
    const known = { ...stranger, bankReference: uniqueReference(), amountKrw: '1000' };
    expect((await deliver(known)).statusCode).toBe(200);
    const base = Math.floor(Date.now() / 1000);
    const replayed = { ...stranger, bankReference: uniqueReference(), amountKrw: '2000' };
    const sent = [
      ...paying.map((body) => ({ body, timestamp: base, kind: 'paying' as const })),
      // Retries, signed anew: duplicates, not second payments.
      ...paying.slice(0, 4).map((body, index) => ({
        body,
        timestamp: base - 1 - index,
        kind: 'retry' as const,
      })),
      // The exact same signed request twice: one is taken, the other is a replay.
      { body: replayed, timestamp: base, kind: 'replay' as const },
      { body: replayed, timestamp: base, kind: 'replay' as const },
      { body: { ...known, amountKrw: '1001' }, timestamp: base, kind: 'conflict' as const },
    ];
    const responses = await Promise.all(
      sent.map(({ body, timestamp }) => deliver(body, timestamp)),
    );

    const answered = (kind: (typeof sent)[number]['kind']) =>
      responses.filter((_, index) => sent[index]!.kind === kind);
    expect(answered('conflict').map((r) => r.json().error?.code)).toEqual([
      'DEPOSIT_REFERENCE_CONFLICT',
    ]);
    expect(
      answered('replay')
        .map((r) => r.statusCode)
        .sort(),
    ).toEqual([200, 409]);
    // Of each paying reference, exactly one answer settles its buy, the others say duplicate.
    for (const [index, notification] of paying.entries()) {
      const outcomes = responses
        .filter((_, at) => sent[at]!.body === notification)
        .map((r) => r.json<DepositOutcome>());
      expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
      expect(new Set(outcomes.map((o) => o.deposit.id)).size).toBe(1);
      expect(outcomes[0]!.deposit).toMatchObject({
        status: 'settled',
        matchedTransaction: { id: buys[index]!.id },
      });
    }
    for (const [index, owner] of owners.entries()) {
      const detail = (
        await owner.browser.get(`/api/transactions/${buys[index]!.id}`)
      ).json<TransactionDetail>();
      expect(detail.status).toBe('Completed');
      expect(detail.events.map((event) => event.move)).toEqual(['request', 'deposit_matched']);
    }

    // The counts the triggers keep are exactly the rows, per owner and per agency.
    const counts = await countsBeside(owners.map((owner) => owner.id));
    expect(counts.owners.kept).toBe(counts.owners.actual);
    for (const row of counts.agency) expect(row.kept, row.status).toBe(row.actual);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });

  it('share a commit when they queue behind one being recorded', async () => {
    // Straight to the groups, all in one tick: the embedded database runs one request at a time,
    // so over HTTP nothing would queue there (on PostgreSQL the test above groups too).
    const groups = deliveryGroups(kit.app.db);
    const owners = await Promise.all(Array.from({ length: 10 }, () => kit.person()));
    const buys = await Promise.all(
      owners.map(async (owner, index) =>
        kit.made(owner, 'buy', (await kit.account(owner)).id, `${20 + index}.25`),
      ),
    );
    const receivedAt = new Date();
    const paying = owners.map((owner, index) => ({
      bankReference: uniqueReference(),
      depositorName: owner.name,
      amountKrw: buys[index]!.totalKrw,
      receivedAt: receivedAt.toISOString(),
    }));
    const recorded = await Promise.all(
      paying.map((deposit) =>
        groups.record({ signature: uniqueReference('SIG'), receivedAt, deposits: [deposit] }),
      ),
    );
    expect(recorded.map(([one]) => one!.deposit.matchedTransactionId)).toEqual(
      buys.map((buy) => buy.id),
    );
    // Rows written by one transaction carry its id (xmin): two went alone, the rest together.
    const commits = await kit.app.db.execute<{ n: string | number }>(sql`
      select count(distinct xmin::text) as n from deposits
       where bank_reference in (${sql.join(
         paying.map((p) => sql`${p.bankReference}`),
         sql`, `,
       )})`);
    expect(Number(commits.rows[0]!.n)).toBeLessThan(paying.length);
    const counts = await countsBeside(owners.map((owner) => owner.id));
    expect(counts.owners.kept).toBe(counts.owners.actual);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });
});
