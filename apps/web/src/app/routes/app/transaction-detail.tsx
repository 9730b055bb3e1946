import { useParams } from 'react-router';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';

export function Component() {
  const { id = '' } = useParams();
  return <TransactionDetailScreen key={id} id={id} />;
}
