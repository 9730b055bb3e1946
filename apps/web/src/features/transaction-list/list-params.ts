import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';

/**
 * What a transaction list shows, kept in the address so a view can be shared and Back works:
 * ?type=buy&status=Requested&status=Pending&from=2026-03-01&to=2026-03-05&q=hanbit&page=2
 */
export interface TransactionFilters {
  type?: TransactionType;
  status: TransactionStatus[];
  /** Calendar days in Korea (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
  q?: string;
}

export interface TransactionListView extends TransactionFilters {
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isType = (value: string | null): value is TransactionType =>
  (TRANSACTION_TYPES as readonly (string | null)[]).includes(value);
const isStatus = (value: string): value is TransactionStatus =>
  (TRANSACTION_STATUSES as readonly string[]).includes(value);

/** Reads a view from the address; anything malformed is ignored rather than sent to the API. */
export function readView(params: URLSearchParams): TransactionListView {
  const type = params.get('type');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q')?.trim() ?? '';
  const page = Number(params.get('page'));
  return {
    type: isType(type) ? type : undefined,
    status: [...new Set(params.getAll('status').filter(isStatus))],
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    q: q ? q.slice(0, 100) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes a view back, leaving out what is at its default (page 1, no filter). */
export function writeView(view: TransactionListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.type) params.set('type', view.type);
  for (const status of view.status) params.append('status', status);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.q) params.set('q', view.q);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The filters as API query parameters (status repeats: status=A&status=B). */
export function filterParams(filters: TransactionFilters) {
  return {
    type: filters.type,
    status: filters.status.length > 0 ? filters.status : undefined,
    from: filters.from,
    to: filters.to,
    q: filters.q,
  };
}
