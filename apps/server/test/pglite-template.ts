import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteDatabase, type DatabaseHandle } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { MIGRATIONS_FOLDER } from '@server/paths';

/**
 * Creating an embedded database from nothing runs initdb, about two seconds; loading a prepared
 * data directory takes a quarter of that. The first test to need one migrates a database, dumps
 * it to a file in the temp folder, and every later test (in any worker, any run) starts from a
 * copy. The file name carries a hash of the migrations and the PGlite version, so a new
 * migration or upgrade makes a new template instead of reusing a stale one.
 */
export async function openTemplatePglite(): Promise<DatabaseHandle> {
  template ??= loadOrCreateTemplate();
  return pgliteDatabase(
    await PGlite.create({
      loadDataDir: new Blob([await template]),
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

let template: Promise<Uint8Array> | undefined;

async function loadOrCreateTemplate(): Promise<Uint8Array> {
  const file = join(tmpdir(), `portal-server-pglite-${await migrationsHash()}.tar`);
  try {
    return await readFile(file);
  } catch {
    // Not made yet: make it below.
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = pgliteDatabase(client);
  try {
    await migrateDatabase(handle);
    const dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    // Written under a unique name and renamed into place, so that workers racing to create it
    // never read a half-written file.
    const partial = `${file}.${randomUUID()}.partial`;
    await writeFile(partial, dump);
    await rename(partial, file).catch(() => rm(partial, { force: true }));
    return dump;
  } finally {
    await handle.close();
  }
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  // The package does not export its package.json; it sits above the resolved dist/index.js.
  const packageJson = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  hash.update(version);
  const files = await readdir(MIGRATIONS_FOLDER, { recursive: true });
  for (const name of files.filter((file) => /\.(sql|json)$/.test(file)).sort()) {
    hash.update(name).update(await readFile(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
