import { randomBytes } from 'node:crypto';
import { agencies, deposits } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';

/** A partner agency with a unique code, for the workbench's tests. */
export async function makeAgency(app: App): Promise<{ id: string; name: string }> {
  const code = `AG-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [agency] = await app.db
    .insert(agencies)
    .values({
      code,
      name: `Agency ${code}`,
      bankName: '국민은행',
      bankAccountNumber: `100-${code}`,
      bankAccountHolder: '(주)테스트',
    })
    .returning({ id: agencies.id, name: agencies.name });
  return agency!;
}

/** A deposit waiting for review, received and recorded at `at`. */
export async function addReviewDeposit(
  app: App,
  values: { depositorName: string; amountKrw: string; at: Date; bankReference?: string },
) {
  const [row] = await app.db
    .insert(deposits)
    .values({
      bankReference: values.bankReference ?? `WB-${randomBytes(6).toString('hex')}`,
      depositorName: values.depositorName,
      amountKrw: values.amountKrw,
      receivedAt: values.at,
      createdAt: values.at,
      source: 'manual',
      status: 'review',
      reviewReason: 'no_prior_request',
    })
    .returning();
  return row!;
}
