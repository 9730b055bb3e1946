import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExportButtons } from '@/components/ui/export-buttons';
import type { ExportFormat } from '@/lib/download';
import { renderWithProviders } from '@/testing/render';

const labels = { csv: 'Export CSV', xlsx: 'Export Excel' };

describe('ExportButtons', () => {
  it('exports in the chosen format, holds the other button meanwhile, and names the file', async () => {
    let finish: (name: string) => void = () => undefined;
    const onExport = vi.fn(
      (_format: ExportFormat) => new Promise<string>((resolve) => (finish = resolve)),
    );
    renderWithProviders(
      <ExportButtons
        onExport={onExport}
        labels={labels}
        done={(name) => `Saved ${name}`}
        failed="The export failed"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(onExport).toHaveBeenCalledWith('xlsx');
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
    finish('거래내역_2026-11-26.xlsx');
    expect(await screen.findByText('Saved 거래내역_2026-11-26.xlsx')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });

  it('says why an export failed, and names each button where a screen has several', async () => {
    renderWithProviders(
      <ExportButtons
        onExport={() => Promise.reject(new Error('offline'))}
        labels={labels}
        failed="The export failed"
        ariaLabel={(format) => `Accounts: ${labels[format]}`}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accounts: Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeTruthy();
  });
});
