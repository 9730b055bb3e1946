import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTransactionRequest,
  TransactionDetail,
  TransactionType,
} from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { transactionQueryKey } from '@/lib/transactions/get-transactions';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';

/** The header name as sent; HTTP header names are case-insensitive (the contract has it lower-case). */
const IDEMPOTENCY_KEY = 'Idempotency-Key';

export interface CreateTransactionInput {
  side: TransactionType;
  body: CreateTransactionRequest;
  /** One per intended submission, the same on every retry of it. */
  idempotencyKey: string;
}

/** POST /transactions/buy or /sell: makes the request at the quoted rate. */
export async function createTransaction({
  side,
  body,
  idempotencyKey,
}: CreateTransactionInput): Promise<TransactionDetail> {
  const response = await api.post<TransactionDetail>(`/transactions/${side}`, body, {
    headers: { [IDEMPOTENCY_KEY]: idempotencyKey },
  });
  return response.data;
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: (detail) => {
      queryClient.setQueryData(transactionQueryKey(detail.id), detail);
    },
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['positions', input.body.accountId] }),
      ]),
  });
}

/**
 * A fresh idempotency key. `crypto.randomUUID` needs a secure context (HTTPS or loopback); where
 * it is missing, the same 122 random bits are drawn with `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
