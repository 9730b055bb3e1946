import type { Page } from 'playwright-core';
import { callApi } from './api';

interface Approval {
  id: string;
  status: string;
}

/**
 * A guarded action asked through the API answers 202 { approval } (docs/decisions/017); this
 * returns that approval, and fails the test with the answer when the action was done or refused.
 */
export function approvalOf(answer: { status: number; body: unknown }): Approval {
  if (answer.status !== 202) {
    throw new Error(
      `expected 202 for approval, got ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return (answer.body as { approval: Approval }).approval;
}

/**
 * Has the operator signed in on `checker` (not the one who asked) approve it, which carries the
 * action out; the tests' flows that change money, rates or accounts need this second person now.
 */
export async function approveAs(checker: Page, approval: Approval): Promise<Approval> {
  const approved = await callApi<Approval>(
    checker,
    'POST',
    `/operator/approvals/${approval.id}/approve`,
    {},
  );
  if (approved.status !== 200) {
    throw new Error(`approval refused: ${approved.status} ${JSON.stringify(approved.body)}`);
  }
  return approved.body;
}

/**
 * Finds the pending approval of `kind` that `matches` (what the maker asked for through a screen,
 * whose id the test does not see) and has the operator signed in on `checker` approve it.
 */
export async function approvePendingAs(
  checker: Page,
  kind: string,
  matches: (action: Record<string, unknown>) => boolean,
): Promise<Approval> {
  const list = await callApi<{ items: (Approval & { action: Record<string, unknown> })[] }>(
    checker,
    'GET',
    `/operator/approvals?view=pending&kind=${kind}&pageSize=100`,
  );
  const found = list.body.items.find((item) => matches(item.action));
  if (!found) throw new Error(`no pending ${kind} approval: ${JSON.stringify(list.body)}`);
  return approveAs(checker, found);
}
