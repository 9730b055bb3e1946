import { randomUUID } from 'node:crypto';
import type {
  CreateMerchantRequest,
  Merchant,
  OperatorMerchant,
  UpdateMerchantRequest,
} from '@portal/contract/merchants';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { trimDecimal } from '@portal/contract/decimal';
import { isUniqueViolation } from '@server/db/errors';
import { merchants } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import { AppError } from '@server/lib/errors';

export type MerchantRow = typeof merchants.$inferSelect;

export function toMerchant(row: MerchantRow): Merchant {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    asset: row.asset,
    minPerRequest: trimDecimal(row.minPerRequest),
    maxPerRequest: trimDecimal(row.maxPerRequest),
    sandbox: row.connection === 'sandbox',
  };
}

/** What operators see: never the secret, only whether one is set. */
export function toOperatorMerchant(row: MerchantRow): OperatorMerchant {
  return {
    ...toMerchant(row),
    status: row.status,
    connection: row.connection,
    baseUrl: row.baseUrl,
    keyId: row.keyId,
    hasSecret: row.secretCiphertext !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function codeTaken(cause: unknown): AppError {
  return new AppError('CONFLICT', 'Another merchant already has this code.', {
    // No dedicated message key exists for a taken code; the message says what is wrong.
    fields: { code: 'invalid' },
    cause,
  });
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This merchant does not exist.');
}

export async function findMerchant(db: Database, id: string): Promise<MerchantRow | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row ?? null;
}

/**
 * Whether users may choose this merchant: an active one, and with SANDBOX_MERCHANTS off never a
 * sandbox one (docs/decisions/011).
 */
export function isAvailableToUsers(
  row: MerchantRow,
  options: { sandboxMerchants: boolean },
): boolean {
  return row.status === 'active' && (options.sandboxMerchants || row.connection !== 'sandbox');
}

/** The merchants users may choose (`isAvailableToUsers`), by name. */
export async function listActiveMerchants(
  db: Database,
  options: { sandboxMerchants: boolean } = { sandboxMerchants: true },
): Promise<MerchantRow[]> {
  return db
    .select()
    .from(merchants)
    .where(
      and(
        eq(merchants.status, 'active'),
        options.sandboxMerchants ? undefined : ne(merchants.connection, 'sandbox'),
      ),
    )
    .orderBy(asc(merchants.name), asc(merchants.id));
}

export async function listAllMerchants(db: Database): Promise<MerchantRow[]> {
  return db.select().from(merchants).orderBy(asc(merchants.name), asc(merchants.id));
}

type CreateInput = Omit<CreateMerchantRequest, 'minPerRequest' | 'maxPerRequest'> & {
  minPerRequest: string;
  maxPerRequest: string;
};

/**
 * Adds a merchant. The id is made here, before the insert, because the HMAC secret is sealed
 * with it as associated data. A taken code is 409 CONFLICT (the unique constraint decides).
 */
export async function createMerchant(
  db: Database,
  secretBox: SecretBox,
  input: CreateInput,
): Promise<MerchantRow> {
  const id = randomUUID();
  const http = input.connection === 'http';
  try {
    const [row] = await db
      .insert(merchants)
      .values({
        id,
        code: input.code,
        name: input.name,
        asset: input.asset,
        minPerRequest: input.minPerRequest,
        maxPerRequest: input.maxPerRequest,
        connection: input.connection,
        baseUrl: http ? (input.baseUrl ?? null) : null,
        keyId: http ? (input.keyId ?? null) : null,
        secretCiphertext: http && input.secret ? secretBox.seal(input.secret, id) : null,
      })
      .returning();
    if (!row) throw new Error('The merchant row was not inserted.');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(error);
    throw error;
  }
}

type UpdateInput = Omit<UpdateMerchantRequest, 'minPerRequest' | 'maxPerRequest'> & {
  minPerRequest?: string;
  maxPerRequest?: string;
};

/**
 * Changes a merchant. Limits are checked against the stored ones when only one side is sent,
 * and an http connection must end up complete (base URL, key id, secret). Disabling is
 * `{ status: 'disabled' }`: the merchant vanishes from users' choices.
 */
export async function updateMerchant(
  db: Database,
  secretBox: SecretBox,
  id: string,
  input: UpdateInput,
): Promise<MerchantRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
    if (!current) throw notFound();

    const min = input.minPerRequest ?? current.minPerRequest;
    const max = input.maxPerRequest ?? current.maxPerRequest;
    if (Number(min) > Number(max)) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        fields: { maxPerRequest: 'limitsOutOfOrder' },
      });
    }
    const connection = input.connection ?? current.connection;
    const http = connection === 'http';
    const baseUrl = http ? (input.baseUrl !== undefined ? input.baseUrl : current.baseUrl) : null;
    const keyId = http ? (input.keyId !== undefined ? input.keyId : current.keyId) : null;
    const secretCiphertext = !http
      ? null
      : input.secret
        ? secretBox.seal(input.secret, id)
        : input.secret === null
          ? null
          : current.secretCiphertext;
    if (http && (!baseUrl || !keyId || !secretCiphertext)) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        fields: { baseUrl: 'httpConnectionIncomplete' },
      });
    }

    try {
      const [row] = await tx
        .update(merchants)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.code !== undefined ? { code: input.code } : {}),
          ...(input.asset !== undefined ? { asset: input.asset } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          minPerRequest: min,
          maxPerRequest: max,
          connection,
          baseUrl: baseUrl ?? null,
          keyId: keyId ?? null,
          secretCiphertext,
          updatedAt: sql`now()`,
        })
        .where(eq(merchants.id, id))
        .returning();
      if (!row) throw notFound();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(error);
      throw error;
    }
  });
}
