import { vi } from 'vitest';
import { ok } from '@/testing/api';

/**
 * The browser's side of a download, which jsdom lacks, stubbed: object URLs and the hidden
 * link's click (`lib/download.ts`). A test then sees what was asked for and the toast naming the
 * file. `vi.restoreAllMocks` undoes the click's spy.
 */
export function stubDownloads(): void {
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
}

/**
 * An export's answer: a file named as the server names it, in ASCII (`filename`) and in the
 * reader's language (`filename*`, e.g. 입금내역_2026-11-26.csv).
 */
export function exportFile(name: string, localName: string = name) {
  return ok(new Blob(['x']), 200, {
    'content-disposition': `attachment; filename=${name}; filename*=UTF-8''${encodeURIComponent(localName)}`,
  });
}
