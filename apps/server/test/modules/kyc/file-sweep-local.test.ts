import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '@server/db/schema';
import { newStorageKey } from '@server/lib/storage/file-storage';
import { ORPHAN_GRACE_MS, sweepStoredFiles } from '@server/modules/kyc/file-sweep';
import { captureLogs } from '@test/log-capture';
import { filesUnder, kycTestKit, png, upload, type KycTestKit } from './kyc-test-kit';

/**
 * The file sweep on the default store, local disk (docs/decisions/030); the same over S3 is in
 * object-storage.test.ts. On a shared PostgreSQL database other files' rows are there too, so
 * what this file made is looked for among what the sweep reports.
 */
let kit: KycTestKit;
beforeAll(async () => {
  kit = await kycTestKit();
});
afterAll(() => kit.close());

describe('the file sweep on local disk', () => {
  it('deletes an old file no row names, keeps young and named ones, reports a row whose file is gone', async () => {
    const client = await kit.person();
    const kept = (await upload(client.browser, 'id_front', { data: await png() })).json();
    const lost = (await upload(client.browser, 'selfie', { data: await png() })).json();
    const keyOf = async (id: string) =>
      (await kit.app.db.select().from(kycDocuments).where(eq(kycDocuments.id, id)))[0]!.storageKey;
    const keptKey = await keyOf(kept.id);
    const lostKey = await keyOf(lost.id);
    await rm(join(kit.uploadsDir, lostKey));

    const oldOrphan = newStorageKey('kyc');
    const youngOrphan = newStorageKey('kyc');
    await kit.app.storage.put(oldOrphan, Buffer.from('old'), 'image/png');
    await kit.app.storage.put(youngOrphan, Buffer.from('young'), 'image/png');
    // Written two hours ago, as a crash between the put and the row would have left it.
    const twoHoursAgo = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    await utimes(join(kit.uploadsDir, oldOrphan), twoHoursAgo, twoHoursAgo);

    const logs = captureLogs();
    const swept = await sweepStoredFiles(kit.app.db, kit.app.storage, pino(logs.stream));
    expect(swept.orphansDeleted).toEqual([oldOrphan]);
    expect(swept.missing).toContainEqual({
      table: 'kyc_documents',
      rowId: lost.id,
      storageKey: lostKey,
    });
    expect(swept.missing.map((row) => row.rowId)).not.toContain(kept.id);
    expect(await filesUnder(kit.uploadsDir)).toEqual([keptKey, youngOrphan].sort());
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ level: 50, rowId: lost.id, table: 'kyc_documents' }),
    );
  });
});
