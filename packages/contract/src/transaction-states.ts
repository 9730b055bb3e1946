/**
 * Transaction vocabulary shared by the server's rules and the web's screens, and the live update
 * that says a transaction changed state. No zod here: the signed-in layout listens for live
 * updates on every page, and pages that only read do not load zod; the schemas in
 * transactions.ts are built from these lists.
 */
export const TRANSACTION_TYPES = ['buy', 'sell'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The product's own words (docs/PRODUCT.md "Transaction states"), as the screens write them. */
export const TRANSACTION_STATUSES = ['Requested', 'Pending', 'Completed', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The payload of a live update (server-sent event `transaction`). */
export interface TransactionChangeEvent {
  transactionId: string;
  status: TransactionStatus;
}

export function isTransactionChangeEvent(value: unknown): value is TransactionChangeEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { transactionId, status } = value as Record<string, unknown>;
  return (
    typeof transactionId === 'string' &&
    (TRANSACTION_STATUSES as readonly unknown[]).includes(status)
  );
}
