import type { Approval, ApprovalAction } from '@portal/contract/approvals';

/** Two operators: the maker and the checker of the four-eyes tests (docs/decisions/017). */
export const maker = { id: '6f1c2b9e-0000-4000-8000-0000000000a1', name: '박운영' };
export const checker = { id: '6f1c2b9e-0000-4000-8000-0000000000a2', name: '정검토' };

let next = 0;

/** An approval of `action`, pending and asked by `maker` unless told otherwise. */
export function approvalOf(action: ApprovalAction, overrides: Partial<Approval> = {}): Approval {
  next += 1;
  return {
    id: `0b6c7c5e-4444-4444-8444-${String(next).padStart(12, '0')}`,
    status: 'pending',
    action,
    requestedBy: maker,
    requestedAt: '2026-11-26T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    failure: null,
    ...overrides,
  };
}

export const transactionRef = {
  id: '7a000000-0000-4000-8000-000000000001',
  number: 'B00000042',
  userName: '김민준',
  asset: 'USDT',
  assetAmount: '1000',
  totalKrw: '1392500',
  status: 'Pending',
};

export const depositRef = {
  id: '7b000000-0000-4000-8000-000000000001',
  bankReference: 'KB-20261126-0001',
  depositorName: '김민준',
  amountKrw: '1390000',
  receivedAt: '2026-11-26T00:30:00.000Z',
};
