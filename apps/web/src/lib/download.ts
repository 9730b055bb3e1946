import { parse as parseDisposition } from 'content-disposition';
import { api } from '@/lib/api-client';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The name the server gives the file (Content-Disposition, RFC 6266): the UTF-8 `filename*` of
 * a Korean export ("거래내역_2026-11-26.csv") over its ASCII fallback, or a sensible one.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  try {
    return parseDisposition(disposition).parameters.filename || fallback;
  } catch {
    return fallback; // a header the parser refuses names nothing
  }
}

/**
 * Downloads a file the API streams (an export) and saves it under the name the server gave it;
 * answers that name. Through the one client, so the call carries the role and anti-forgery
 * headers like every other.
 */
export async function downloadFile(
  path: string,
  params: Record<string, string | string[] | number | undefined>,
  fallbackName: string,
): Promise<string> {
  const response = await api.get<Blob>(path, { params, responseType: 'blob' });
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(response.data, name);
  return name;
}

/** Saves text the page made itself (the recovery codes) as a UTF-8 text file. */
export function saveTextFile(name: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** Hands a file to the browser's download through a hidden link. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
