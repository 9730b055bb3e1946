import { transactionListQuerySchema, type TransactionStatus } from '@portal/contract/transactions';
import { z } from 'zod';

/**
 * What a transaction list shows, kept in the address through the list's own query schema
 * (lib/use-list-state.ts), so a view can be shared and Back works:
 * ?type=buy&status=Requested&status=Pending&from=2026-03-01&to=2026-03-05&q=hanbit&page=2
 * Dates are calendar days in Korea, both inclusive; the server reads them so.
 */
export const transactionListState = transactionListQuerySchema.pick({
  type: true,
  status: true,
  from: true,
  to: true,
  q: true,
  page: true,
});

export type TransactionListState = z.output<typeof transactionListState>;
export type TransactionFilters = Omit<TransactionListState, 'page'>;

/** The chosen statuses as a list: the address holds none, one or several. */
export function statusList(status: TransactionFilters['status']): TransactionStatus[] {
  if (status === undefined) return [];
  return Array.isArray(status) ? status : [status];
}

/** The print view, beside the list in the address (?print=1), so Back leaves it. */
export const printState = z.object({ print: z.literal('1').optional() });
