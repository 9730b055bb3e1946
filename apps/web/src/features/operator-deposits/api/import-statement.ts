import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementImportReport } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { invalidateAfterDeposit } from '@/features/operator-deposits/api/invalidate';

/** Uploads a bank statement CSV as multipart/form-data (one field, `file`). */
export async function importStatement(file: File): Promise<StatementImportReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await api.post<StatementImportReport>('/operator/deposits/import', body);
  return response.data;
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSettled: () => invalidateAfterDeposit(queryClient),
  });
}
