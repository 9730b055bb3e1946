import { useParams } from 'react-router';
import { RequireRole } from '@/lib/auth/require-role';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: any user's transaction in full, read-only (its actions are in the queues). */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <TransactionDetailScreen key={id} id={id} scope="operator" />
    </RequireRole>
  );
}
