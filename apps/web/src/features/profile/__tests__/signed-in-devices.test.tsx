import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInDevice } from '@portal/contract/signed-in-devices';
import { SignedInDevices } from '@/features/profile/components/signed-in-devices';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

const HERE: SignedInDevice = {
  id: 'a'.repeat(32),
  browser: 'Chrome',
  os: 'Windows',
  kind: 'desktop',
  ip: '10.20.30.40',
  country: null,
  network: 'private',
  signedInAt: '2026-11-26T00:00:00.000Z',
  lastSeenAt: '2026-11-26T01:02:00.000Z',
  current: true,
};
const PHONE: SignedInDevice = {
  ...HERE,
  id: 'b'.repeat(32),
  browser: 'Safari',
  os: 'iOS',
  kind: 'mobile',
  ip: '211.234.10.1',
  country: 'KR',
  network: 'public',
  current: false,
};

function answer(devices: SignedInDevice[]) {
  mockApi.get.mockImplementation((url: string) =>
    Promise.resolve(url === '/profile/devices' ? ok({ devices }) : ok({ user: testUser })),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('signed-in devices', () => {
  it('lists each device as its owner knows it, and marks this one', async () => {
    answer([HERE, PHONE]);
    await renderApp(<SignedInDevices />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Chrome on Windows');
    expect(items[0]!.textContent).toContain('This device');
    expect(items[0]!.textContent).toContain('Private network · 10.20.30.40');
    expect(items[0]!.textContent).toContain('Last active 26 Nov 2026, 10:02');
    expect(items[1]!.textContent).toContain('Safari on iOS');
    expect(items[1]!.textContent).toContain('South Korea · 211.234.10.1');
    expect(items[1]!.textContent).not.toContain('This device');
  });

  it('says it in Korean, with the country’s Korean name', async () => {
    answer([HERE, PHONE]);
    await renderApp(<SignedInDevices />, { language: 'ko' });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Windows의 Chrome');
    expect(items[0]!.textContent).toContain('이 기기');
    expect(items[1]!.textContent).toContain('대한민국 · 211.234.10.1');
    expect(screen.getByRole('button', { name: '다른 모든 기기에서 로그아웃' })).toBeTruthy();
  });

  it('signs one device out', async () => {
    answer([HERE, PHONE]);
    const remove = mockApi.delete.mockResolvedValue(ok(undefined, 204));
    await renderApp(<SignedInDevices />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`/profile/devices/${PHONE.id}`));
    expect(await screen.findByText('That device has been signed out.')).toBeTruthy();
  });

  it('signs out everywhere else after a confirmation', async () => {
    answer([HERE, PHONE]);
    const post = mockApi.post.mockResolvedValue(ok({ ended: 1 }));
    await renderApp(<SignedInDevices />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/profile/devices/sign-out-others'));
    expect(await screen.findByText('1 other device has been signed out.')).toBeTruthy();
  });

  it('offers no "everywhere else" when this is the only device', async () => {
    answer([HERE]);
    await renderApp(<SignedInDevices />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});
