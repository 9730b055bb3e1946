import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { makeTempDir } from '@test/helpers';

/**
 * `npm run audit:verify` (docs/decisions/020), run as a person runs it, on an embedded database
 * of its own: 0 on a whole trail, 1 with the broken row named once a row was edited behind the
 * triggers' back.
 */
const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = join(serverDir, '../../node_modules/.bin/tsx');

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  dir = await makeTempDir('audit-verify');
});
afterAll(() => dir.remove());

async function verify(): Promise<{ code: number; out: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dir.path,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout } = await run(tsx, ['src/verify-audit.ts'], { cwd: serverDir, env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}

async function withDatabase(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<unknown>,
) {
  const handle = await openDatabase({ driver: 'pglite', dataDir: join(dir.path, 'pglite') });
  try {
    await migrateDatabase(handle);
    await work(handle.db);
  } finally {
    await handle.close();
  }
}

describe('npm run audit:verify', () => {
  it('says the trail is whole and names its head', async () => {
    await withDatabase(async (db) => {
      await recordAuditEvent(db, { action: 'sign_in', details: { n: 1 } });
      await recordAuditEvent(db, { action: 'sign_out', details: { n: 2 } });
    });
    const result = await verify();
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Audit trail intact: 2 rows\. Head: row 2, hash [0-9a-f]{64}\.$/m);
  }, 60_000);

  it('fails, naming the row, once a row was edited behind the triggers’ back', async () => {
    await withDatabase(async (db) => {
      await db.execute(sql`alter table audit_events disable trigger audit_events_no_change`);
      await db.execute(sql`update audit_events set details = '{"n":99}' where seq = 1`);
      await db.execute(sql`alter table audit_events enable trigger audit_events_no_change`);
    });
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.out).toContain('Audit trail BROKEN at row 1: its content was changed.');
  }, 60_000);
});
