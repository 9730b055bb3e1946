import type { Approval, ApprovalRequested } from '@portal/contract/approvals';
import type { BrowserClient } from './browser-client';

type Response = Awaited<ReturnType<BrowserClient['post']>>;

/**
 * Four-eyes in tests (docs/decisions/017): what a guarded request asked for (its 202) approved by
 * a second operator through the API, as a person would. Throws unless the request waited (202)
 * and the approval went through (200), so a test never passes on a request that did not happen.
 * Returns the approval as approved (a payout's `failure` says whether its debit went through).
 */
export async function approveAs(checker: BrowserClient, asked: Response): Promise<Approval> {
  if (asked.statusCode !== 202) {
    throw new Error(
      `expected the request to wait for approval (202), got ${asked.statusCode}: ${asked.body}`,
    );
  }
  const { approval } = asked.json<ApprovalRequested>();
  const approved = await checker.post(`/api/operator/approvals/${approval.id}/approve`, {});
  if (approved.statusCode !== 200) {
    throw new Error(`approval ${approval.id} failed (${approved.statusCode}): ${approved.body}`);
  }
  return approved.json<Approval>();
}
