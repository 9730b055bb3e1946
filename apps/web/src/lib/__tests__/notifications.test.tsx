import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settleToast, toast, type ToastType } from '@/lib/notifications';
import { renderWithProviders } from '@/testing/render';

describe('toasts', () => {
  it('shows each of the five types', async () => {
    renderWithProviders(null);
    const types: ToastType[] = ['success', 'error', 'info', 'warning', 'loading'];
    act(() => {
      for (const type of types) toast(type, { message: `a ${type} toast` });
    });
    for (const type of types) expect(await screen.findByText(`a ${type} toast`)).toBeTruthy();
  });

  it('turns a loading toast into its outcome in place', async () => {
    renderWithProviders(null);
    let id = '';
    act(() => {
      id = toast('loading', { message: 'Saving…' });
    });
    await screen.findByText('Saving…');
    act(() => settleToast(id, 'success', { message: 'Saved' }));
    await screen.findByText('Saved');
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
  });
});
