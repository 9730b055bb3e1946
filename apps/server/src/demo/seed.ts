import type { Database } from '@server/db/client';
import { appSettings } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import type { FileStorage } from '@server/lib/storage/file-storage';
import { seedDemoIdentity, seedDemoTwoFactor } from './identity';
import { seedDemoKyc } from './kyc';
import { seedDemoMerchants, type DemoMerchantOptions } from './merchants';
import { seedDemoMoney } from './money';

/** app_settings key recording when demo data was seeded (an ISO timestamp). */
export const DEMO_SEEDED_AT = 'demo_seeded_at';

/**
 * Seeds the demo data once per database, at start when DEMO_DATA is on. Returns whether this
 * call seeded (false: it had been done before).
 *
 * Claiming the marker row and seeding happen in one transaction: if seeding fails nothing is
 * kept and the next start tries again, and when several instances start together the others
 * wait on the marker's primary key and then find it taken.
 */
export async function seedDemoData(
  db: Database,
  options: {
    merchants?: DemoMerchantOptions;
    sandboxMerchants?: boolean;
    /** Where the demo client's identity documents are stored; without it they are not seeded. */
    storage?: FileStorage;
    /** Seals the demo staff's authenticator secrets; without it their two-factor is not on. */
    secretBox?: SecretBox;
  } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_SEEDED_AT, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;

    // Demo users and their data are added here by the features that own them.
    await seedDemoIdentity(tx);
    if (options.secretBox) await seedDemoTwoFactor(tx, options.secretBox);
    if (options.storage) await seedDemoKyc(tx, options.storage);
    // The demo merchants are all sandbox ones: none with SANDBOX_MERCHANTS off.
    if (options.sandboxMerchants ?? true) await seedDemoMerchants(tx, options.merchants);
    await seedDemoMoney(tx);
    return true;
  });
}
