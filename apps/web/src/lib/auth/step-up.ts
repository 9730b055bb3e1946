import { useSyncExternalStore } from 'react';
import type { PasskeyOptionsResponse, PasskeyStepUpRequest } from '@portal/contract/passkeys';
import type { StepUpRequest } from '@portal/contract/two-factor';
import { api, handleStepUp } from '@/lib/api-client';
import { askForPasskey } from '@/lib/auth/passkey';

/**
 * Step-up (docs/SECURITY.md "Two-factor sign-in"): a change to the account's security made more
 * than STEP_UP_MINUTES after the session last proved its second factor is refused with
 * STEP_UP_REQUIRED. The one HTTP client then asks here; the one dialog (`StepUpDialog`, mounted
 * with the signed-in frame) shows while any call waits, and its answer ends every waiting call
 * at once: several changes refused together are one question, not one dialog each.
 */

type Waiter = (proved: boolean) => void;

let waiters: Waiter[] = [];
/** When the last proof was accepted (ms): a call sent before it is sent again without asking. */
let provedAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function askForStepUp(sentAt: number): Promise<boolean> {
  if (provedAt >= sentAt) return Promise.resolve(true);
  return new Promise((resolve) => {
    waiters.push(resolve);
    if (waiters.length === 1) notify();
  });
}

/** The dialog's answer for every waiting call: proved (send them again) or not (they fail). */
export function endStepUp(proved: boolean): void {
  if (proved) provedAt = Date.now();
  const ended = waiters;
  waiters = [];
  if (ended.length > 0) notify();
  for (const resolve of ended) resolve(proved);
}

/** For the dialog while it is mounted; unmounted (signed out), no call is left waiting. */
export function answerStepUps(): () => void {
  const stop = handleStepUp(askForStepUp);
  return () => {
    stop();
    endStepUp(false);
  };
}

/** POST /api/auth/step-up: never itself a reason to ask (`stepUp: false`). */
export async function proveSecondFactor(body: StepUpRequest): Promise<void> {
  await api.post('/auth/step-up', body, { stepUp: false });
}

/** The same proof with a passkey (docs/decisions/025): the browser's prompt, then its answer. */
export async function proveWithPasskey(): Promise<void> {
  const { options } = (
    await api.post<PasskeyOptionsResponse>('/auth/step-up/passkey-options', undefined, {
      stepUp: false,
    })
  ).data;
  const credential = await askForPasskey(options);
  await api.post('/auth/step-up/passkey', { credential } satisfies PasskeyStepUpRequest, {
    stepUp: false,
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isAsking = () => waiters.length > 0;

/** Whether a call waits for the person's second factor (the dialog is open). */
export function useStepUpAsked(): boolean {
  return useSyncExternalStore(subscribe, isAsking);
}

/** For testing/setup.ts: tests share modules, so each starts with no proof and nobody waiting. */
export function forgetStepUp(): void {
  endStepUp(false);
  provedAt = Number.NEGATIVE_INFINITY;
}
