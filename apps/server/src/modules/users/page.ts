import { KYC_DOCUMENT_KINDS, type KycStatus } from '@portal/contract/kyc';
import type { OperatorUserPage } from '@portal/contract/operator-workbench';
import { USER_PAGE_RECENT_TRANSACTIONS } from '@portal/contract/operator-workbench';
import { and, asc, desc, eq, not } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client';
import { agencies, kycDocuments, sessions, users } from '@server/db/schema';
import { listAccounts } from '@server/modules/accounts/repository';
import { expired, type SessionLifetime } from '@server/modules/auth/sessions';
import { toKycDocument } from '@server/modules/kyc/repository';
import { findPayee } from '@server/modules/payees/repository';
import { listOperatorTransactions } from '@server/modules/transactions/repository';

/**
 * The identity check as a whole: approved once all four documents are (what buying and selling
 * wait for), rejected while one is, submitted while one waits, else not submitted.
 */
function identityStatus(statuses: readonly KycStatus[]): KycStatus {
  if (statuses.length === KYC_DOCUMENT_KINDS.length && statuses.every((s) => s === 'approved')) {
    return 'approved';
  }
  if (statuses.includes('rejected')) return 'rejected';
  if (statuses.includes('submitted')) return 'submitted';
  return 'not_submitted';
}

/**
 * One user in full for the operator (docs/decisions/021 "A page per user"), or undefined for an
 * unknown id. Sessions are the live ones (neither idle nor past their absolute limit), newest
 * first, without their id: the id is the token's hash and the page never needs it.
 */
export async function operatorUserPage(
  db: Database,
  id: string,
  lifetime: SessionLifetime,
): Promise<OperatorUserPage | undefined> {
  const [row] = await db
    .select({ user: users, agencyCode: agencies.code, agencyName: agencies.name })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const reviewer = alias(users, 'reviewer');
  const documents = await db
    .select({ document: kycDocuments, reviewerId: reviewer.id, reviewerName: reviewer.name })
    .from(kycDocuments)
    .leftJoin(reviewer, eq(reviewer.id, kycDocuments.reviewedBy))
    .where(eq(kycDocuments.userId, id));
  documents.sort(
    (a, b) =>
      KYC_DOCUMENT_KINDS.indexOf(a.document.kind) - KYC_DOCUMENT_KINDS.indexOf(b.document.kind),
  );
  const live = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, id), not(expired(lifetime))))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.createdAt));
  const recent = await listOperatorTransactions(db, {
    userId: id,
    sort: 'newest',
    page: 1,
    pageSize: USER_PAGE_RECENT_TRANSACTIONS,
  });
  const { user } = row;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      status: user.status,
      emailVerified: user.emailVerifiedAt !== null,
      joinedAt: user.createdAt.toISOString(),
      agency:
        row.agencyCode !== null && row.agencyName !== null
          ? { code: row.agencyCode, name: row.agencyName }
          : null,
    },
    identity: {
      status: identityStatus(documents.map(({ document }) => document.status)),
      documents: documents.map(({ document, reviewerId, reviewerName }) => ({
        ...toKycDocument(document),
        reviewedBy: reviewerId ? { id: reviewerId, name: reviewerName ?? '' } : null,
      })),
    },
    accounts: await listAccounts(db, id),
    payee: await findPayee(db, id),
    transactions: { items: recent.items, total: recent.total },
    sessions: live.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ip: session.ip,
      userAgent: session.userAgent,
    })),
  };
}
