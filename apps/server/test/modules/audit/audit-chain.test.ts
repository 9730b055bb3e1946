import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainReport } from '@portal/contract/audit';
import { users } from '@server/db/schema';
import type { Database } from '@server/db/client';
import type { App } from '@server/lib/zod-routes';
import { verifyAuditChain } from '@server/modules/audit/chain';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { AUDIT_EXPORT_WORDS } from '@server/modules/audit/export';
import type { BrowserClient } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { createUser, signedIn } from '@test/identity';
import { eq } from 'drizzle-orm';

/**
 * The audit trail is append-only and tamper-evident (docs/decisions/020): the database refuses
 * to change or remove a row, numbers and chains each insert, and the check finds a row edited,
 * removed or forged behind the triggers' back.
 */
let app: App;
let operator: BrowserClient;
beforeAll(async () => {
  app = await buildTestApp();
  operator = (await signedIn(app, 'operator')).browser;
});
afterAll(() => app.close());

class RolledBack extends Error {}

/**
 * Runs `tamper` in a transaction that is always rolled back, and answers what the check said
 * inside it. `ALTER TABLE ... DISABLE TRIGGER` takes the table's exclusive lock until the end of
 * the transaction, so no other test ever sees the triggers off or the tampered rows.
 */
async function checkAfter(tamper: (tx: Database) => Promise<unknown>): Promise<AuditChainReport> {
  let report: AuditChainReport | undefined;
  await app.db
    .transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger user`);
      await tamper(tx);
      report = await verifyAuditChain(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return report!;
}

async function someEvents(count = 3) {
  const user = await createUser(app);
  for (let index = 0; index < count; index += 1) {
    await recordAuditEvent(app.db, {
      action: 'profile_changed',
      actorUserId: user.id,
      object: { type: 'merchant', id: 'HANBIT' },
      details: { before: { name: `old ${index}` }, after: { name: `new ${index}` } },
    });
  }
  // Ordered by the column: `order by seq` would sort the text alias, and "1000" < "999".
  const rows = await app.db.execute<{ seq: string; id: string }>(
    sql`select seq::text as seq, id from audit_events
         where actor_user_id = ${user.id} and action = 'profile_changed'
         order by audit_events.seq`,
  );
  return { user, rows: rows.rows.map((row) => ({ seq: Number(row.seq), id: row.id })) };
}

describe('the database keeps the trail', () => {
  it('numbers and chains every insert: 1, 2, 3 … each naming the previous hash', async () => {
    const { rows } = await someEvents(3);
    for (const { id } of rows) {
      const [row] = (
        await app.db.execute<{ prev_hash: string; previous: string }>(sql`
          select e.prev_hash, p.hash as previous
            from audit_events e join audit_events p on p.seq = e.seq - 1
           where e.id = ${id}`)
      ).rows;
      expect(row?.prev_hash).toBe(row?.previous);
    }
    // Other tests may write in between; the order is kept all the same.
    expect(rows[1]!.seq).toBeGreaterThan(rows[0]!.seq);
    expect((await verifyAuditChain(app.db)).intact).toBe(true);
  });

  it.each([
    ['UPDATE', (id: string) => sql`update audit_events set action = 'sign_in' where id = ${id}`],
    ['DELETE', (id: string) => sql`delete from audit_events where id = ${id}`],
    ['TRUNCATE', () => sql`truncate audit_events`],
  ])('refuses %s', async (_name, statement) => {
    const { rows } = await someEvents(1);
    await expect(app.db.execute(statement(rows[0]!.id))).rejects.toThrow();
    const still = await app.db.execute(sql`select 1 from audit_events where id = ${rows[0]!.id}`);
    expect(still.rows).toHaveLength(1);
  });

  it('keeps the trail when a user is deleted (the ids are not foreign keys)', async () => {
    const { user, rows } = await someEvents(1);
    await app.db.delete(users).where(eq(users.id, user.id));
    const kept = await app.db.execute<{ actor_user_id: string }>(
      sql`select actor_user_id from audit_events where id = ${rows[0]!.id}`,
    );
    expect(kept.rows[0]!.actor_user_id).toBe(user.id);
    expect((await verifyAuditChain(app.db)).intact).toBe(true);
  });

  it('chains inserts made at once, in the order they commit, with no gap', async () => {
    const user = await createUser(app);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.db.transaction(async (tx) => {
          await recordAuditEvent(tx, {
            action: 'sign_in',
            actorUserId: user.id,
            details: { index },
          });
        }),
      ),
    );
    const report = await verifyAuditChain(app.db);
    expect(report).toMatchObject({ intact: true, firstBroken: null });
  });
});

describe('the check finds what was done behind the triggers’ back', () => {
  it('an edited row: its hash no longer matches its content', async () => {
    const { rows } = await someEvents(3);
    const report = await checkAfter((tx) =>
      tx.execute(
        sql`update audit_events set details = '{"after":{"name":"forged"}}' where id = ${rows[1]!.id}`,
      ),
    );
    expect(report.intact).toBe(false);
    expect(report.firstBroken).toEqual({ seq: rows[1]!.seq, reason: 'hash' });
  });

  it('a removed row: the next one finds a gap', async () => {
    const { rows } = await someEvents(3);
    const report = await checkAfter((tx) =>
      tx.execute(sql`delete from audit_events where id = ${rows[1]!.id}`),
    );
    // The row after it (another test's, maybe) is where the chain breaks.
    expect(report.firstBroken).toEqual({ seq: rows[1]!.seq + 1, reason: 'gap' });
  });

  it('a row whose hash was recomputed after an edit: the next one no longer follows it', async () => {
    const { rows } = await someEvents(3);
    const report = await checkAfter((tx) =>
      tx.execute(sql`
        update audit_events set action = 'sign_in',
          hash = audit_entry_hash(prev_hash, seq, occurred_at, 'sign_in', actor_user_id,
            subject_user_id, ip, object_type, object_id, details)
         where id = ${rows[1]!.id}`),
    );
    expect(report.firstBroken).toEqual({ seq: rows[1]!.seq + 1, reason: 'link' });
  });

  it('the trail is whole again once the tampering is rolled back', async () => {
    expect((await verifyAuditChain(app.db)).intact).toBe(true);
  });
});

describe('the operator’s routes', () => {
  it('GET /api/operator/audit-events/chain says the trail is whole, with its head', async () => {
    await someEvents(1);
    const response = await operator.get('/api/operator/audit-events/chain');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      intact: true,
      rows: expect.any(Number),
      head: { seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      firstBroken: null,
    });
    const client = (await signedIn(app, 'client')).browser;
    expect((await client.get('/api/operator/audit-events/chain')).statusCode).toBe(403);
  });

  it('filters by object (its reference in any case) and by who acted', async () => {
    const { user } = await someEvents(2);
    const other = await createUser(app);
    await recordAuditEvent(app.db, {
      action: 'profile_changed',
      actorUserId: other.id,
      subjectUserId: user.id,
      object: { type: 'merchant', id: 'DAEHAN' },
    });
    const list = async (query: string) => {
      const response = await operator.get(`/api/operator/audit-events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Array<{ actorUserId: string; objectId: string }> }>().items;
    };
    const email = encodeURIComponent(user.email);
    expect(await list(`email=${email}`)).toHaveLength(3);
    expect(await list(`email=${email}&emailRole=actor`)).toHaveLength(2);
    expect(await list(`email=${email}&emailRole=subject`)).toHaveLength(3);
    const daehan = await list(`email=${email}&objectType=merchant&objectId=daehan`);
    expect(daehan.map((event) => event.actorUserId)).toEqual([other.id]);
    expect((await operator.get('/api/operator/audit-events?objectId=a%20b')).statusCode).toBe(400);
    expect((await operator.get('/api/operator/audit-events?objectType=planet')).statusCode).toBe(
      400,
    );
  });

  it('exports the filtered events as CSV and Excel, in the reader’s language', async () => {
    const { user } = await someEvents(2);
    const email = encodeURIComponent(user.email);
    const csv = await operator.get(`/api/operator/audit-events/export.csv?email=${email}&lang=ko`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B0%90%EC%82%AC");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(Object.values(AUDIT_EXPORT_WORDS.ko.headers).join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(AUDIT_EXPORT_WORDS.ko.actions.profile_changed);
    expect(lines[1]).toContain('merchant:HANBIT');

    const xlsx = await operator.get(`/api/operator/audit-events/export.xlsx?email=${email}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe(AUDIT_EXPORT_WORDS.en.actions.profile_changed);
  });
});
