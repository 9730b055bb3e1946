import { useEffect } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@portal/contract/users';
import { useUser, UserProvider, type UserContextValue } from '@/lib/user/user-context';
import { mockApi } from '@/testing/api';
import { renderWithProviders } from '@/testing/render';

// The probe hands the context value out to the test through a holder object.
const seen: { latest?: UserContextValue } = {};
function Probe() {
  const value = useUser();
  useEffect(() => {
    seen.latest = value;
  });
  return <p>{value.isSignedIn ? `hello ${value.user.name}` : `role ${value.role}`}</p>;
}

const agency: CurrentUser = {
  id: 'u1',
  name: '김민준',
  email: 'agency@example.com',
  phone: '010-1234-5678',
  role: 'agency',
  agency: { code: 'SEOUL-01', name: 'Seoul Partners' },
  emailVerified: true,
};

function answerMe(user: CurrentUser | null) {
  return mockApi.get.mockResolvedValue({ data: { user } });
}

afterEach(() => vi.restoreAllMocks());

describe('user context', () => {
  it('defaults to the client role and empty user information', async () => {
    answerMe(null);
    renderWithProviders(
      <UserProvider>
        <Probe />
      </UserProvider>,
    );
    await screen.findByText('role client');
    expect(seen.latest?.user).toEqual({});
    expect(seen.latest?.isSignedIn).toBe(false);
  });

  it('is built on the signed-in user query', async () => {
    const get = answerMe(agency);
    renderWithProviders(
      <UserProvider>
        <Probe />
      </UserProvider>,
    );
    await screen.findByText('hello 김민준');
    expect(get).toHaveBeenCalledWith('/auth/me');
    expect(seen.latest?.role).toBe('agency');
  });

  it('offers a setter and a refetch', async () => {
    const get = answerMe(null);
    renderWithProviders(
      <UserProvider>
        <Probe />
      </UserProvider>,
    );
    await screen.findByText('role client');

    act(() => seen.latest?.setUser(agency));
    await screen.findByText('hello 김민준');

    get.mockResolvedValue({ data: { user: null } });
    await act(() => seen.latest!.refetch());
    await screen.findByText('role client');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });
});
