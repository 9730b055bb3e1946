import { ConfigError, loadConfig } from '@server/config';
import { databaseTargetFor, openDatabase } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { verifyAuditChain } from '@server/modules/audit/chain';

/**
 * `npm run audit:verify`: checks the audit trail's hash chain in the database the portal's
 * settings name (docs/decisions/020) and exits 0 when it is whole, 1 when a row was changed,
 * removed or inserted. With the embedded database the portal must be stopped first: one
 * process at a time owns its data folder (the operator's Audit log screen checks a running one).
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const handle = await openDatabase(databaseTargetFor(config));
  try {
    await migrateDatabase(handle);
    const report = await verifyAuditChain(handle.db);
    const head = report.head ? `row ${report.head.seq}, hash ${report.head.hash}` : 'no rows';
    if (report.intact) {
      console.log(`Audit trail intact: ${report.rows} rows. Head: ${head}.`);
      return 0;
    }
    const broken = report.firstBroken!;
    const what = {
      gap: 'a row is missing before it',
      hash: 'its content was changed',
      link: 'it does not follow the row before',
    };
    console.error(
      `Audit trail BROKEN at row ${broken.seq}: ${what[broken.reason]}. ${report.rows} rows; head: ${head}.`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
