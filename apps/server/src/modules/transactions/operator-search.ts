import { or, sql, type SQL } from 'drizzle-orm';
import { deposits, transactions, users } from '@server/db/schema';
import { containsAny, inSelected, typedWon } from '@server/lib/text-search';

/**
 * What the operator's search finds beyond the lists' own (docs/decisions/021): the user's name
 * or email, the depositor name of a deposit linked to the request (it paid it, waits for review
 * naming it, or goes back on its account), and a won total typed whole.
 */
export function operatorSearch(q: string): SQL | undefined {
  const won = typedWon(q);
  const depositor = containsAny(q, [deposits.depositorName]);
  return or(
    inSelected(
      transactions.userId,
      sql`select ${users.id} from ${users} where ${containsAny(q, [users.name, users.email])}`,
    ),
    // The requests such deposits name, found by id (the primary key) rather than asked of every
    // transaction in turn (docs/decisions/029).
    inSelected(
      transactions.id,
      sql`select ${deposits.matchedTransactionId} from ${deposits} where ${depositor} and ${deposits.matchedTransactionId} is not null
          union all select ${deposits.refundTransactionId} from ${deposits} where ${depositor} and ${deposits.refundTransactionId} is not null
          union all select related.id::uuid from ${deposits}, jsonb_array_elements_text(${deposits.relatedTransactionIds}) as related(id) where ${depositor}`,
    ),
    won ? sql`${transactions.totalKrw} = ${won}::numeric` : undefined,
  );
}
