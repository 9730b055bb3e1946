import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@server/db/client';
import { kycDocuments, nameChangeRequests } from '@server/db/schema';
import type { FileStorage } from '@server/lib/storage/file-storage';

/** How often each instance compares the stored files with the rows that name them. */
export const FILE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A file younger than this is never taken for an orphan: its upload may still be writing its
 * row (a put comes before the row's transaction, routes.ts). An upload takes seconds; the hour
 * also absorbs clocks of the store and the instance that disagree.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * More orphans than this in one sweep is not what failed uploads leave: an instance pointed at
 * the wrong database (or an empty restore) would see every file as an orphan. Then the sweep
 * deletes none and says so, and an operator looks (docs/decisions/030).
 */
export const MAX_ORPHANS_PER_SWEEP = 500;

/** The tables whose rows name a stored file: every one of them, or the sweep deletes files in use. */
type FileTable = 'kyc_documents' | 'name_change_requests';

export interface MissingFile {
  table: FileTable;
  rowId: string;
  storageKey: string;
}

export interface FileSweepResult {
  filesSeen: number;
  orphansDeleted: string[];
  /** Orphans left in place because there were more than `maxOrphans`. */
  orphansRefused: number;
  missing: MissingFile[];
}

export interface FileSweepOptions {
  /** The time files' ages are measured at; tests move it forward instead of waiting an hour. */
  now?: Date;
  maxOrphans?: number;
}

/**
 * One sweep of the identity documents' storage (docs/decisions/030):
 * - a stored file that no row names and that is older than ORPHAN_GRACE_MS is deleted (an
 *   upload whose row never came, a withdrawn or replaced document whose delete failed, files of
 *   deleted users);
 * - a row whose file is not stored is logged as an error with its id, and counted in the sweep's
 *   summary line, which is an error too while any is missing.
 *
 * The files are listed first and the rows read after, so a row committed while the listing ran
 * is never missed (its file was put before it). Rows made after the listing began are not judged
 * missing: their file may have been put after the listing passed its key. Several instances
 * sweeping at once delete the same orphans, which is harmless.
 */
export async function sweepStoredFiles(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  options: FileSweepOptions = {},
): Promise<FileSweepResult> {
  const listingStarted = await databaseNow(db);
  const stored = new Map<string, Date>();
  for await (const entry of storage.list('kyc')) stored.set(entry.key, entry.storedAt);

  const rows = await rowsNamingFiles(db);
  const named = new Set(rows.map((row) => row.storageKey));

  const missing: MissingFile[] = [];
  for (const row of rows) {
    if (row.createdAt >= listingStarted || stored.has(row.storageKey)) continue;
    missing.push({ table: row.table, rowId: row.id, storageKey: row.storageKey });
    log.error(
      { table: row.table, rowId: row.id, storageKey: row.storageKey },
      'a stored identity file is missing: its row names a file the storage does not have',
    );
  }

  const oldEnough = (options.now ?? new Date()).getTime() - ORPHAN_GRACE_MS;
  const orphans = [...stored]
    .filter(([key, storedAt]) => !named.has(key) && storedAt.getTime() < oldEnough)
    .map(([key]) => key);
  const maxOrphans = options.maxOrphans ?? MAX_ORPHANS_PER_SWEEP;
  const orphansDeleted: string[] = [];
  let orphansRefused = 0;
  if (orphans.length > maxOrphans) {
    orphansRefused = orphans.length;
    log.error(
      { orphans: orphans.length, maxOrphans, filesSeen: stored.size, rows: rows.length },
      'more stored files than expected are named by no row: none deleted; is this instance on the right database?',
    );
  } else {
    for (const key of orphans) {
      try {
        await storage.delete(key);
        orphansDeleted.push(key);
      } catch (error) {
        log.warn({ err: error, storageKey: key }, 'could not delete an orphan stored file');
      }
    }
  }

  const summary = {
    filesSeen: stored.size,
    orphansDeleted: orphansDeleted.length,
    orphansRefused,
    missingFiles: missing.length,
  };
  if (missing.length > 0) log.error(summary, 'stored files swept: some rows have no file');
  else log.info(summary, 'stored files swept');
  return { filesSeen: stored.size, orphansDeleted, orphansRefused, missing };
}

async function databaseNow(db: Database): Promise<Date> {
  const result = await db.execute<{ now: string | Date }>(sql`select now() as now`);
  const value = result.rows[0]?.now;
  if (value === undefined) throw new Error('The database did not tell its time.');
  return new Date(value);
}

async function rowsNamingFiles(db: Database) {
  const documents = await db
    .select({
      id: kycDocuments.id,
      storageKey: kycDocuments.storageKey,
      createdAt: kycDocuments.uploadedAt,
    })
    .from(kycDocuments);
  const nameChanges = await db
    .select({
      id: nameChangeRequests.id,
      storageKey: nameChangeRequests.storageKey,
      createdAt: nameChangeRequests.createdAt,
    })
    .from(nameChangeRequests);
  return [
    ...documents.map((row) => ({ ...row, table: 'kyc_documents' as const })),
    ...nameChanges.map((row) => ({ ...row, table: 'name_change_requests' as const })),
  ];
}

/**
 * Sweeps once at start, then every FILE_SWEEP_INTERVAL_MS, as a background job
 * (plugins/app/jobs.ts).
 */
export default fp(
  async (app) => {
    app.jobs.every(
      'stored files',
      FILE_SWEEP_INTERVAL_MS,
      () => sweepStoredFiles(app.db, app.storage, app.log),
      { atStart: true },
    );
  },
  { name: 'file-sweep', dependencies: ['database', 'storage', 'jobs'] },
);
