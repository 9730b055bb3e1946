import {
  daysInRange,
  DEPOSIT_FIGURES,
  RECONCILIATION_MAX_DAYS,
  type AccountDayRow,
  type DepositFigure,
  type DepositFigures,
  type Figure,
  type MerchantDayRow,
  type Movement,
  type ReconciliationResponse,
} from '@portal/contract/reconciliation';
import { KOREA_TIME_ZONE, koreaDayStart } from '@portal/contract/korea-time';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';

/**
 * The reconciliation report (docs/decisions/018), read straight from the deposits and the ledger:
 * nothing is stored for it, so it always ties out to them. Won add up as NUMERIC in the database
 * and travel as text; only counts are numbers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A deposit's status, as the report names it. */
const FIGURE_OF_STATUS: Record<string, Exclude<DepositFigure, 'received'>> = {
  settled: 'settled',
  refund_due: 'refundDue',
  refunded: 'refunded',
  written_off: 'writtenOff',
  review: 'inReview',
};

/** A reversed range, or one longer than a report covers, is refused before anything is read. */
export function checkRange(from: string, to: string): { start: Date; end: Date } {
  const days = daysInRange(from, to);
  if (days < 1 || days > RECONCILIATION_MAX_DAYS) {
    throw new AppError('DATE_RANGE_INVALID', undefined, {
      fields: { [days < 1 ? 'from' : 'to']: 'dateRangeInvalid' },
    });
  }
  return { start: koreaDayStart(from), end: new Date(koreaDayStart(to).getTime() + DAY_MS) };
}

/** Digits only, as matching compares accounts (banks write 110-234-567890 and 110234567890). */
export function accountDigits(text: string | null): string {
  return (text ?? '').replace(/\D/g, '');
}

function plus(a: string, b: string): string {
  return (BigInt(a) + BigInt(b)).toString();
}

function addFigure(into: Figure, count: number, krw: string): void {
  into.count += count;
  into.krw = plus(into.krw, krw);
}

export function emptyFigures(): DepositFigures {
  const figures = {} as DepositFigures;
  for (const figure of DEPOSIT_FIGURES) figures[figure] = { count: 0, krw: '0' };
  return figures;
}

type AgencyAccount = {
  id: string;
  code: string;
  name: string;
  bank_name: string;
  bank_account_number: string;
  bank_account_holder: string;
};

async function accountRows(db: Database, start: Date, end: Date): Promise<AccountDayRow[]> {
  const grouped = await db.execute<{
    day: string;
    digits: string;
    shown: string | null;
    status: string;
    n: number | string;
    krw: string;
  }>(sql`
    select to_char(received_at at time zone ${KOREA_TIME_ZONE}, 'YYYY-MM-DD') as day,
           regexp_replace(coalesce(receiving_account, ''), '[^0-9]', '', 'g') as digits,
           min(receiving_account) as shown,
           status, count(*) as n, sum(amount_krw)::text as krw
      from deposits
     where received_at >= ${start.toISOString()} and received_at < ${end.toISOString()}
     group by 1, 2, 4`);
  // The agencies' accounts now: few rows, so compared here rather than by a join on digits.
  const agencies = await db.execute<AgencyAccount>(sql`
    select id, code, name, bank_name, bank_account_number, bank_account_holder
      from agencies where bank_account_number is not null`);
  const byDigits = new Map<string, AgencyAccount>();
  for (const agency of agencies.rows) {
    const digits = accountDigits(agency.bank_account_number);
    if (digits && !byDigits.has(digits)) byDigits.set(digits, agency);
  }
  const rows = new Map<string, AccountDayRow>();
  for (const group of grouped.rows) {
    const key = `${group.day}|${group.digits}`;
    let row = rows.get(key);
    if (!row) {
      const agency = byDigits.get(group.digits);
      row = {
        day: group.day,
        account: {
          accountNumber: group.digits ? (agency?.bank_account_number ?? group.shown) : null,
          bankName: agency?.bank_name ?? null,
          accountHolder: agency?.bank_account_holder ?? null,
          agency: agency ? { id: agency.id, code: agency.code, name: agency.name } : null,
        },
        figures: emptyFigures(),
      };
      rows.set(key, row);
    }
    const figure = FIGURE_OF_STATUS[group.status];
    if (!figure) throw new Error(`deposit status ${group.status} has no figure`);
    addFigure(row.figures[figure], Number(group.n), group.krw);
    addFigure(row.figures.received, Number(group.n), group.krw);
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      (a.account.agency?.name ?? '\uffff').localeCompare(b.account.agency?.name ?? '\uffff') ||
      (a.account.accountNumber ?? '\uffff').localeCompare(b.account.accountNumber ?? '\uffff'),
  );
}

const MOVEMENT_OF_KIND = {
  buy_credit: 'credited',
  sell_settle: 'debited',
  sell_return: 'returned',
} as const;

async function merchantRows(db: Database, start: Date, end: Date): Promise<MerchantDayRow[]> {
  // Each of these entries has exactly one posting on the merchant's own ledger account: its
  // amount is the asset the merchant moved (negative when it credited the client's account).
  const grouped = await db.execute<{
    day: string;
    merchant_id: string;
    code: string;
    name: string;
    asset: string;
    kind: keyof typeof MOVEMENT_OF_KIND;
    n: number | string;
    amount: string;
    krw: string | null;
  }>(sql`
    select to_char(e.created_at at time zone ${KOREA_TIME_ZONE}, 'YYYY-MM-DD') as day,
           m.id as merchant_id, m.code, m.name, m.asset, e.kind,
           count(*) as n, abs(sum(p.amount))::text as amount,
           coalesce(sum(t.total_krw), 0)::text as krw
      from ledger_entries e
      join ledger_postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.ledger_account_id and a.kind = 'merchant'
      join merchants m on m.id = a.merchant_id
      left join transactions t on t.id = e.transaction_id
     where e.kind in ('buy_credit', 'sell_settle', 'sell_return')
       and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
     group by 1, 2, 3, 4, 5, 6`);
  const rows = new Map<string, MerchantDayRow>();
  const none = (): Movement => ({ count: 0, amount: '0', krw: '0' });
  for (const group of grouped.rows) {
    const key = `${group.day}|${group.merchant_id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        day: group.day,
        merchant: { id: group.merchant_id, code: group.code, name: group.name, asset: group.asset },
        credited: none(),
        debited: none(),
        returned: none(),
      };
      rows.set(key, row);
    }
    row[MOVEMENT_OF_KIND[group.kind]] = {
      count: Number(group.n),
      amount: trimAmount(group.amount),
      krw: group.krw ?? '0',
    };
  }
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.merchant.name.localeCompare(b.merchant.name),
  );
}

/** "1.50000000" as "1.5": the ledger keeps eight places, the report shows what is there. */
function trimAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

/** The report for Korea days `from` to `to`, both included. */
export async function reconciliation(
  db: Database,
  from: string,
  to: string,
): Promise<ReconciliationResponse> {
  const { start, end } = checkRange(from, to);
  const [accounts, merchants] = await Promise.all([
    accountRows(db, start, end),
    merchantRows(db, start, end),
  ]);
  const accountTotals = emptyFigures();
  for (const row of accounts) {
    for (const figure of DEPOSIT_FIGURES) {
      addFigure(accountTotals[figure], row.figures[figure].count, row.figures[figure].krw);
    }
  }
  const merchantTotals = {
    credited: { count: 0, krw: '0' },
    debited: { count: 0, krw: '0' },
    returned: { count: 0, krw: '0' },
  };
  for (const row of merchants) {
    for (const figure of ['credited', 'debited', 'returned'] as const) {
      addFigure(merchantTotals[figure], row[figure].count, row[figure].krw);
    }
  }
  return {
    from,
    to,
    accounts,
    merchants,
    totals: { accounts: accountTotals, merchants: merchantTotals },
  };
}
