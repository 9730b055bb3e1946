import { useCallback, useRef } from 'react';
import type { TransactionDetail, TransactionType } from '@portal/contract/transactions';
import { apiErrorOf, isClientError } from '@/lib/api-error';
import { newIdempotencyKey, useCreateTransaction } from '@/lib/transactions/create-transaction';

interface Submission {
  key: string;
  side: TransactionType;
  accountId: string;
  amount: string;
  quoteToken: string;
}

/**
 * One idempotency key per intended submission. Pressing Request again after a network error or a
 * server failure sends the very same request (same key, same quote token), so a request that did
 * reach the server is answered, not made twice. A new key is drawn after success, after a refusal
 * (the server said no; the next press is a new request) and whenever the form changes (`forget`).
 */
export function useIdempotentSubmission() {
  const create = useCreateTransaction();
  const pending = useRef<Submission | null>(null);

  const forget = useCallback(() => {
    pending.current = null;
  }, []);

  const submit = async (
    side: TransactionType,
    values: { accountId: string; amount: string },
    quoteToken: string,
  ): Promise<TransactionDetail> => {
    const amount = values.amount.trim();
    let submission = pending.current;
    if (
      submission === null ||
      submission.side !== side ||
      submission.accountId !== values.accountId ||
      submission.amount !== amount
    ) {
      submission = {
        key: newIdempotencyKey(),
        side,
        accountId: values.accountId,
        amount,
        quoteToken,
      };
      pending.current = submission;
    }
    try {
      const detail = await create.mutateAsync({
        side,
        body: {
          accountId: submission.accountId,
          amount: submission.amount,
          quoteToken: submission.quoteToken,
        },
        idempotencyKey: submission.key,
      });
      pending.current = null;
      return detail;
    } catch (error) {
      // A refusal is final for this submission; "still in progress" is not a refusal.
      if (isClientError(error) && apiErrorOf(error)?.code !== 'IDEMPOTENCY_IN_PROGRESS') {
        pending.current = null;
      }
      throw error;
    }
  };

  return { submit, forget, isPending: create.isPending };
}
