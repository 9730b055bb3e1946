import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_RECENT_TRANSACTIONS,
  type AgencyClient,
  type AgencyClientDetail,
} from '@portal/contract/agency-clients';
import { KYC_DOCUMENT_KINDS, type KycStatus } from '@portal/contract/kyc';
import type { Database } from '@server/db/client';
import { kycDocuments, merchantAccounts, merchants, transactions, users } from '@server/db/schema';
import { containsAny } from '@server/lib/text-search';

/** The outer user row, qualified: Drizzle leaves single-table columns unqualified. */
const outerUserId = sql.raw('"users"."id"');

/**
 * The one summary of a user's identity documents the agency sees: not_submitted (none), rejected
 * (any rejected: the client must act), approved (all four kinds approved), otherwise submitted.
 */
const kycStatus = sql<KycStatus>`(
  select case
    when count(*) = 0 then 'not_submitted'
    when bool_or(${kycDocuments.status} = 'rejected') then 'rejected'
    when count(*) filter (where ${kycDocuments.status} = 'approved') = ${KYC_DOCUMENT_KINDS.length} then 'approved'
    else 'submitted'
  end
  from ${kycDocuments} where ${kycDocuments.userId} = ${outerUserId}
)`;

const transactionCount = sql<string>`(
  select count(*) from ${transactions} where ${transactions.userId} = ${outerUserId}
)`;

/** Won of completed transactions; NUMERIC as text, never a float. */
const volumeKrw = sql<string>`(
  select coalesce(sum(${transactions.totalKrw}), 0)::text from ${transactions}
   where ${transactions.userId} = ${outerUserId} and ${transactions.status} = 'Completed'
)`;

const clientColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
  kycStatus,
  transactionCount,
  volumeKrw,
};

type ClientRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  kycStatus: KycStatus;
  transactionCount: string | number;
  volumeKrw: string;
};

function toClient(row: ClientRow): AgencyClient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    kycStatus: row.kycStatus,
    joinedAt: row.createdAt.toISOString(),
    transactionCount: Number(row.transactionCount),
    volumeKrw: row.volumeKrw,
  };
}

/** The agency's clients: role client, registered under the agency. */
function ofAgency(agencyId: string): SQL {
  return and(eq(users.agencyId, agencyId), eq(users.role, 'client'))!;
}

export interface ClientListFilter {
  agencyId: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** One page of an agency's clients, newest first, and how many match in all. */
export async function listAgencyClients(
  db: Database,
  filter: ClientListFilter,
): Promise<{ items: AgencyClient[]; total: number }> {
  const conditions = [ofAgency(filter.agencyId)];
  if (filter.q)
    conditions.push(containsAny(filter.q, [users.name, users.email, users.phone], users.phone));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(clientColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { items: rows.map(toClient), total: Number(totalRow?.n ?? 0) };
}

/** A client of the agency with documents, accounts and last transactions; null if not theirs. */
export async function findAgencyClient(
  db: Database,
  agencyId: string,
  clientId: string,
): Promise<AgencyClientDetail | null> {
  const [row] = await db
    .select(clientColumns)
    .from(users)
    .where(and(ofAgency(agencyId), eq(users.id, clientId)));
  if (!row) return null;
  const documents = await db
    .select({ kind: kycDocuments.kind, status: kycDocuments.status })
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, clientId));
  const [accounts] = await db
    .select({ n: count() })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.userId, clientId));
  const recent = await db
    .select({
      id: transactions.id,
      number: transactions.number,
      type: transactions.type,
      status: transactions.status,
      merchantName: merchants.name,
      asset: merchants.asset,
      amount: transactions.amount,
      totalKrw: transactions.totalKrw,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(eq(transactions.userId, clientId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(CLIENT_RECENT_TRANSACTIONS);
  const statusOf = new Map(documents.map((document) => [document.kind, document.status]));
  return {
    ...toClient(row),
    kycDocuments: KYC_DOCUMENT_KINDS.map((kind) => ({
      kind,
      status: statusOf.get(kind) ?? 'not_submitted',
    })),
    merchantAccountCount: Number(accounts?.n ?? 0),
    recentTransactions: recent.map((transaction) => ({
      ...transaction,
      createdAt: transaction.createdAt.toISOString(),
    })),
  };
}
