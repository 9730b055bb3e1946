import { asc, eq, sql } from 'drizzle-orm';
import type {
  AgencyStatus,
  CreateAgencyRequest,
  OperatorAgency,
  UpdateAgencyRequest,
} from '@portal/contract/agencies';
import type { Database } from '@server/db/client';
import { agencies, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { insertUser } from '@server/modules/users/repository';

/** The outer agency row, qualified: Drizzle leaves single-table columns unqualified. */
const outerAgencyId = sql.raw('"agencies"."id"');

const agencyColumns = {
  id: agencies.id,
  code: agencies.code,
  name: agencies.name,
  bankName: agencies.bankName,
  bankAccountNumber: agencies.bankAccountNumber,
  bankAccountHolder: agencies.bankAccountHolder,
  status: agencies.status,
  disabledAt: agencies.disabledAt,
  createdAt: agencies.createdAt,
  clientCount: sql<string>`(select count(*) from ${users} where ${users.agencyId} = ${outerAgencyId} and ${users.role} = 'client')`,
  agencyUserCount: sql<string>`(select count(*) from ${users} where ${users.agencyId} = ${outerAgencyId} and ${users.role} = 'agency')`,
};

type AgencyRow = {
  [Key in keyof typeof agencyColumns]: Key extends 'createdAt'
    ? Date
    : Key extends 'disabledAt'
      ? Date | null
      : Key extends 'status'
        ? AgencyStatus
        : Key extends 'clientCount' | 'agencyUserCount'
          ? string | number
          : Key extends 'bankName' | 'bankAccountNumber' | 'bankAccountHolder'
            ? string | null
            : string;
};

function toOperatorAgency(row: AgencyRow): OperatorAgency {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    clientCount: Number(row.clientCount),
    agencyUserCount: Number(row.agencyUserCount),
  };
}

/** Every agency, by code. */
export async function listAgencies(db: Database): Promise<OperatorAgency[]> {
  const rows = await db.select(agencyColumns).from(agencies).orderBy(asc(agencies.code));
  return rows.map(toOperatorAgency);
}

export async function findOperatorAgency(db: Database, id: string): Promise<OperatorAgency | null> {
  const [row] = await db.select(agencyColumns).from(agencies).where(eq(agencies.id, id));
  return row ? toOperatorAgency(row) : null;
}

export interface NewAgency {
  operatorId: string;
  ip: string | null;
  request: Omit<CreateAgencyRequest, 'user'> & { code: string };
  user: { name: string; email: string; phone: string; passwordHash: string };
}

/**
 * Makes an agency and its first agency user in one transaction: both or neither. The unique
 * constraints decide who gets a code or an email, so two operators racing cannot both get one;
 * a taken code or email rolls the whole thing back.
 */
export async function createAgencyWithUser(
  db: Database,
  agency: NewAgency,
): Promise<{ agencyId: string; userId: string }> {
  return db.transaction(async (tx) => {
    const { request } = agency;
    const [created] = await tx
      .insert(agencies)
      .values({
        code: request.code,
        name: request.name,
        bankName: request.bankName,
        bankAccountNumber: request.bankAccountNumber,
        bankAccountHolder: request.bankAccountHolder,
      })
      .onConflictDoNothing({ target: agencies.code })
      .returning({ id: agencies.id });
    if (!created) {
      throw new AppError('AGENCY_CODE_TAKEN', undefined, { fields: { code: 'invalid' } });
    }
    const userId = await insertUser(tx, {
      ...agency.user,
      role: 'agency',
      agencyId: created.id,
      // The operator typed the address; the agency's user need not confirm it (decision 027).
      emailVerified: true,
    });
    if (!userId) {
      throw new AppError('EMAIL_TAKEN', undefined, { fields: { 'user.email': 'invalid' } });
    }
    await recordAuditEvent(tx, {
      action: 'agency_created',
      actorUserId: agency.operatorId,
      subjectUserId: userId,
      ip: agency.ip,
      object: { type: 'agency', id: request.code },
      details: { agencyId: created.id, code: request.code, name: request.name },
    });
    return { agencyId: created.id, userId };
  });
}

export interface AgencyChange {
  operatorId: string;
  ip: string | null;
  agencyId: string;
  /** The bank fields as they stay: an operator's new account waits for approval (decision 017). */
  change: Pick<UpdateAgencyRequest, 'name'> & {
    bankName: string | null;
    bankAccountNumber: string | null;
    bankAccountHolder: string | null;
  };
}

/** Saves an agency's name and bank account with its audit event; nothing when nothing changed. */
export async function updateAgency(
  db: Database,
  { operatorId, ip, agencyId, change }: AgencyChange,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        code: agencies.code,
        name: agencies.name,
        bankName: agencies.bankName,
        bankAccountNumber: agencies.bankAccountNumber,
        bankAccountHolder: agencies.bankAccountHolder,
      })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This agency does not exist.');
    const fields = ['name', 'bankName', 'bankAccountNumber', 'bankAccountHolder'] as const;
    const changed = fields.filter((field) => before[field] !== change[field]);
    if (changed.length === 0) return;
    await tx
      .update(agencies)
      .set({
        name: change.name,
        bankName: change.bankName,
        bankAccountNumber: change.bankAccountNumber,
        bankAccountHolder: change.bankAccountHolder,
      })
      .where(eq(agencies.id, agencyId));
    await recordAuditEvent(tx, {
      action: 'agency_changed',
      actorUserId: operatorId,
      ip,
      object: { type: 'agency', id: before.code },
      details: { agencyId, code: before.code, changed },
    });
  });
}
