import { paths } from '@/config/paths';

/** The detail screen of one transaction. */
export function transactionPath(id: string): string {
  return paths.app.transactionDetail.replace(':id', encodeURIComponent(id));
}
