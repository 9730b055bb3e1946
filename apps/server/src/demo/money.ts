import { inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { payeeAccounts, rates, users } from '@server/db/schema';

/** Demo rates, won per USDT: what a buyer pays and a seller receives. */
export const DEMO_RATES = [
  { asset: 'USDT', buyRateKrw: '1392.50', sellRateKrw: '1381.00' },
] as const;

/**
 * The demo clients' payout bank accounts (a sell needs one, docs/decisions/010), in each client's
 * own name like every payee.
 */
export const DEMO_PAYEES = [
  { email: 'client@wonbridge.example', bankCode: '088', accountNumber: '110-234-567890' },
  { email: 'minjun.kim@wonbridge.example', bankCode: '004', accountNumber: '123401-04-567890' },
  { email: 'seoyeon.lee@wonbridge.example', bankCode: '020', accountNumber: '1002-345-678901' },
  { email: 'jihoon.park@wonbridge.example', bankCode: '081', accountNumber: '620-123456-78901' },
  { email: 'subin.jung@wonbridge.example', bankCode: '090', accountNumber: '3333-02-1234567' },
  { email: 'haneul.kang@wonbridge.example', bankCode: '032', accountNumber: '101-2003-4567-08' },
  { email: 'jia.yoon@wonbridge.example', bankCode: '011', accountNumber: '302-1234-5678-91' },
] as const;

export async function seedDemoMoney(tx: Database): Promise<void> {
  await tx.insert(rates).values([...DEMO_RATES]);
  const clients = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_PAYEES.map((payee) => payee.email),
      ),
    );
  const byEmail = new Map(clients.map((client) => [client.email, client]));
  const rows = DEMO_PAYEES.flatMap(({ email, bankCode, accountNumber }) => {
    const client = byEmail.get(email);
    return client ? [{ userId: client.id, bankCode, accountNumber, holderName: client.name }] : [];
  });
  if (rows.length > 0) await tx.insert(payeeAccounts).values(rows).onConflictDoNothing();
}
