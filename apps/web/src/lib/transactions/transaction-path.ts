import { paths } from '@/config/paths';

/** The detail screen of one transaction. */
export function transactionPath(id: string): string {
  return paths.app.transactionDetail.replace(':id', encodeURIComponent(id));
}

/** The detail of one of an agency's clients' transactions (Client Transactions). */
export function clientTransactionPath(id: string): string {
  return paths.app.clientTransactionDetail.replace(':id', encodeURIComponent(id));
}

/** Any user's transaction, for the operator (docs/decisions/021). */
export function operatorTransactionPath(id: string): string {
  return paths.app.operatorTransactionDetail.replace(':id', encodeURIComponent(id));
}
