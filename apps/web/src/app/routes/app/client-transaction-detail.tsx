import { useParams } from 'react-router';
import { RequireRole } from '@/lib/auth/require-role';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';
import { Component as NotFound } from '@/app/routes/not-found';

/** Agency users only: one of their clients' transactions, read-only (the server checks too). */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['agency']} fallback={<NotFound />}>
      <TransactionDetailScreen key={id} id={id} scope="agency" />
    </RequireRole>
  );
}
