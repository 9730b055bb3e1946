import { act, render, screen } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { toast } from '@/lib/notifications';
import { apiFailure, mockApi } from '@/testing/api';

const zIndexOf = (element: Element | null, variable: string) =>
  Number((element as HTMLElement | null)?.style.getPropertyValue(variable));

describe("the app's toasts", () => {
  it('sit at the bottom, where they hide neither the header nor a title, and under an open dialog', async () => {
    mockApi.get.mockImplementation(() => Promise.reject(apiFailure(401, 'UNAUTHENTICATED')));
    render(
      <AppProvider>
        <Modal opened onClose={() => {}} title="A dialog">
          The dialog&apos;s content
        </Modal>
      </AppProvider>,
    );
    act(() => {
      toast('success', { message: 'Saved' });
    });
    const container = (await screen.findByText('Saved')).closest('[data-position]');
    expect(container?.getAttribute('data-position')).toBe('bottom-right');
    const dialog = (await screen.findByRole('dialog', { name: 'A dialog' })).closest(
      '[style*="--mb-z-index"]',
    );
    const toastLayer = zIndexOf(container, '--notifications-z-index');
    const dialogLayer = zIndexOf(dialog, '--mb-z-index');
    expect(toastLayer).toBeGreaterThan(0);
    expect(toastLayer).toBeLessThan(dialogLayer);
  });
});
