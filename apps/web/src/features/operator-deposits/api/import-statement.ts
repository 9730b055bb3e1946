import { useMutation, useQueryClient } from '@tanstack/react-query';
import { previewed, type StatementReport } from '@portal/contract/statement-import';
import { api } from '@/lib/api-client';
import { invalidateAfterDeposit } from '@/features/operator-deposits/api/invalidate';

/**
 * The statement import's two calls (docs/decisions/019), both multipart/form-data: the preview
 * sends the file; the import sends the same file with what its preview showed (`preview`), and
 * writes exactly that or answers 409 STATEMENT_CHANGED.
 */
export async function previewStatement(file: File): Promise<StatementReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await api.post<StatementReport>('/operator/deposits/import/preview', body);
  return response.data;
}

export async function importStatement({
  file,
  report,
}: {
  file: File;
  report: StatementReport;
}): Promise<StatementReport> {
  const body = new FormData();
  body.append('preview', JSON.stringify(previewed(report)));
  body.append('file', file, file.name);
  const response = await api.post<StatementReport>('/operator/deposits/import', body);
  return response.data;
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: previewStatement });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSettled: () => invalidateAfterDeposit(queryClient),
  });
}
