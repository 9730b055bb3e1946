import type { Database } from '@server/db/client';
import { rates } from '@server/db/schema';

/** Demo rates, won per USDT: what a buyer pays and a seller receives. */
export const DEMO_RATES = [
  { asset: 'USDT', buyRateKrw: '1392.50', sellRateKrw: '1381.00' },
] as const;

export async function seedDemoMoney(tx: Database): Promise<void> {
  await tx.insert(rates).values([...DEMO_RATES]);
}
