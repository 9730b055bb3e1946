// Step-up at the one HTTP client (docs/SECURITY.md "Two-factor sign-in"): a call refused with
// STEP_UP_REQUIRED waits for the person's second factor, then is sent again once or fails with
// its refusal. The dialog itself is tested with the forms (features/profile, features/payee).
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, handleStepUp } from '@/lib/api-client';
import { apiErrorOf } from '@/lib/api-error';
import { answerStepUps, endStepUp, proveSecondFactor, useStepUpAsked } from '@/lib/auth/step-up';
import { apiFailure, mockApi, ok } from '@/testing/api';

const stepUpRequired = () => apiFailure(403, 'STEP_UP_REQUIRED');
const body = { currentPassword: 'old password 1', password: 'new password 2' };

let stops: (() => void)[] = [];
/** Registers a handler (or the store) for this test only. */
function answering(stop: () => void) {
  stops.push(stop);
}
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

/** The first `refusals` calls to `path` are refused for a step-up; the next ones succeed. */
function refuseFirst(path: string, refusals = 1) {
  let seen = 0;
  return mockApi.post.mockImplementation((url: string) => {
    if (url !== path) return Promise.reject(new Error(`unexpected POST ${url}`));
    seen += 1;
    return seen <= refusals
      ? Promise.reject(stepUpRequired())
      : Promise.resolve(ok({ done: seen }));
  });
}

const codeOf = (error: unknown) => apiErrorOf(error)?.code;

describe('the one client on STEP_UP_REQUIRED', () => {
  it('leaves the refusal to the caller when no dialog is mounted', async () => {
    const post = refuseFirst('/profile/password');
    const error = await api.post('/profile/password', body).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('STEP_UP_REQUIRED');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('sends the call again, with the same body, once the second factor is proved', async () => {
    const post = refuseFirst('/profile/password');
    const ask = vi.fn(() => Promise.resolve(true));
    answering(handleStepUp(ask));
    const { data } = await api.post('/profile/password', body);
    expect(data).toEqual({ done: 2 });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(post.mock.calls).toEqual([
      ['/profile/password', body],
      ['/profile/password', body],
    ]);
  });

  it('sends it again once only: a second refusal is the caller’s, never a loop', async () => {
    const post = refuseFirst('/profile/password', 5);
    const ask = vi.fn(() => Promise.resolve(true));
    answering(handleStepUp(ask));
    const error = await api.post('/profile/password', body).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('STEP_UP_REQUIRED');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('fails with the original refusal when the person cancels', async () => {
    const post = refuseFirst('/profile/password');
    answering(handleStepUp(() => Promise.resolve(false)));
    const error = await api.post('/profile/password', body).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('STEP_UP_REQUIRED');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('never asks for the step-up call itself, nor for another 403', async () => {
    const ask = vi.fn(() => Promise.resolve(true));
    answering(handleStepUp(ask));
    mockApi.post.mockRejectedValue(stepUpRequired());
    const error = await proveSecondFactor({ code: '123456' }).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('STEP_UP_REQUIRED');
    mockApi.put.mockRejectedValue(apiFailure(403, 'FORBIDDEN'));
    const forbidden = await api.put('/payee', {}).catch((caught: unknown) => caught);
    expect(codeOf(forbidden)).toBe('FORBIDDEN');
    expect(ask).not.toHaveBeenCalled();
    expect(mockApi.post).toHaveBeenCalledTimes(1);
    expect(mockApi.put).toHaveBeenCalledTimes(1);
  });
});

describe('the step-up store', () => {
  it('asks once for calls refused together and sends each again after one proof', async () => {
    answering(answerStepUps());
    const asked = renderHook(() => useStepUpAsked());
    const post = refuseFirst('/profile/password');
    const put = mockApi.put
      .mockRejectedValueOnce(stepUpRequired())
      .mockResolvedValueOnce(ok({ saved: true }));
    const password = api.post('/profile/password', body);
    const payee = api.put('/payee', { bankCode: '090', accountNumber: '3333-01-2345678' });
    await waitFor(() => expect(asked.result.current).toBe(true));
    await waitFor(() => expect(post.mock.calls.length + put.mock.calls.length).toBe(2));
    endStepUp(true);
    await expect(password).resolves.toMatchObject({ data: { done: 2 } });
    await expect(payee).resolves.toMatchObject({ data: { saved: true } });
    expect(put).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(asked.result.current).toBe(false));
  });

  it('sends a call refused after a proof it was sent before again without asking', async () => {
    answering(answerStepUps());
    const asked = renderHook(() => useStepUpAsked());
    let refuse: (error: unknown) => void = () => {};
    const put = mockApi.put
      .mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)))
      .mockResolvedValueOnce(ok({ saved: true }));
    const saving = api.put('/payee', { bankCode: '090', accountNumber: '3333-01-2345678' });
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    endStepUp(true);
    refuse(stepUpRequired());
    await expect(saving).resolves.toMatchObject({ data: { saved: true } });
    expect(asked.result.current).toBe(false);
  });

  it('fails the waiting calls when the dialog goes (signed out)', async () => {
    const stop = answerStepUps();
    refuseFirst('/profile/password');
    const asked = renderHook(() => useStepUpAsked());
    const password = api.post('/profile/password', body).catch((caught: unknown) => caught);
    await waitFor(() => expect(asked.result.current).toBe(true));
    stop();
    expect(codeOf(await password)).toBe('STEP_UP_REQUIRED');
    await waitFor(() => expect(asked.result.current).toBe(false));
  });
});
