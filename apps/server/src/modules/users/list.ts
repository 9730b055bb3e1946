import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OperatorUser, UserRole, UserStatus } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { agencies, users } from '@server/db/schema';
import { containsAny } from '@server/lib/text-search';

export interface UserListFilter {
  q?: string;
  role?: UserRole;
  status?: UserStatus;
  page: number;
  pageSize: number;
}

/** One page of users for the operator, newest first, and how many match in all. */
export async function listUsers(
  db: Database,
  filter: UserListFilter,
): Promise<{ items: OperatorUser[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    conditions.push(containsAny(filter.q, [users.name, users.email, users.phone], users.phone));
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      createdAt: users.createdAt,
      agencyCode: agencies.code,
      agencyName: agencies.name,
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map(({ agencyCode, agencyName, createdAt, ...user }) => ({
      ...user,
      joinedAt: createdAt.toISOString(),
      agency:
        agencyCode !== null && agencyName !== null ? { code: agencyCode, name: agencyName } : null,
    })),
    total: Number(totalRow?.n ?? 0),
  };
}
