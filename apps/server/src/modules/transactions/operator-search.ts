import { or, sql, type SQL } from 'drizzle-orm';
import { deposits, transactions, users } from '@server/db/schema';
import { typedWon } from '@server/lib/text-search';

/**
 * What the operator's search finds beyond the lists' own (docs/decisions/021): the user's name
 * or email, the depositor name of a deposit linked to the request (it paid it, waits for review
 * naming it, or goes back on its account), and a won total typed whole.
 */
export function operatorSearch(q: string, pattern: string): SQL | undefined {
  const won = typedWon(q);
  return or(
    sql`${transactions.userId} in (select ${users.id} from ${users} where ${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`,
    sql`exists (select 1 from ${deposits} where ${deposits.depositorName} ilike ${pattern} and (${deposits.matchedTransactionId} = ${transactions.id} or ${deposits.refundTransactionId} = ${transactions.id} or ${deposits.relatedTransactionIds} @> jsonb_build_array(${transactions.id}::text)))`,
    won ? sql`${transactions.totalKrw} = ${won}::numeric` : undefined,
  );
}
