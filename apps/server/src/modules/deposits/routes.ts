import {
  depositDetailResponseSchema,
  markRefundedRequestSchema,
  matchDepositRequestSchema,
  refundDepositRequestSchema,
  writeOffDepositRequestSchema,
} from '@portal/contract/deposits';
import {
  depositBatchOutcomeSchema,
  depositBatchSchema,
  depositExportQuerySchema,
  depositListQuerySchema,
  depositListResponseSchema,
  depositNotificationSchema,
  depositOutcomeSchema,
  depositSchema,
  transactionIdParamsSchema,
} from '@portal/contract/transactions';
import {
  MAX_STATEMENT_BYTES,
  statementCounts,
  statementPreviewedSchema,
  statementReportSchema,
} from '@portal/contract/statement-import';
import { approvalRequestedSchema, type Approval } from '@portal/contract/approvals';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { requestDepositMatch, requestDepositRefund } from '@server/modules/approvals/requests';
import { readUpload, readUploadedFile } from '@server/lib/upload';
import multipart from '@server/plugins/external/multipart';
import { issuesToFields, type RoutePlugin } from '@server/lib/zod-routes';
import { depositDetail, findDeposit, toDeposits } from './repository';
import { depositCsv, depositExportDisposition, depositXlsx } from './export';
import { depositBatches, listDeposits } from './queue';
import { deliveryGroups } from './delivery-groups';
import { countDepositOutcomes } from './outcome-metrics';
import { webhookRejectionReason } from './webhook-rejections';
import { markRefunded, writeOffDeposit } from './decisions';
import { recordDeposit } from './service';
import { readStatement } from './statement';
import { importStatement, previewStatement } from './statement-import';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyBankNotification } from './webhook-signature';

/**
 * Deposits reach the portal three ways, all through recordDeposits (service.ts):
 *
 *   POST /bank/deposits                 the bank's signed webhook (machine caller, no session):
 *                                       one deposit, or { deposits: [...] } (up to 500)
 *   POST /operator/deposits             manual entry; 409 if the bank reference is known
 *   POST /operator/deposits/import/preview  a bank statement (multipart: file): what each
 *                                       line would do, nothing written (decision 019)
 *   POST /operator/deposits/import      the same file and what its preview showed (multipart:
 *                                       file, preview): writes exactly that, or 409
 *   GET  /operator/deposits             ?status&q&from&to&sort&page&pageSize, newest first
 *                                       unless sorted (queue.ts, docs/decisions/021)
 *   GET  /operator/deposits/export.csv|.xlsx  the same deposits, every page, newest first, ?lang
 *
 * and the operator decides on each one that did not settle a buy by itself (decisions.ts):
 *
 *   GET  /operator/deposits/:id            the deposit and the buys it could pay
 *   POST /operator/deposits/:id/match      { transactionId, acceptAmountDifference, note }: 202,
 *                                          waits for a second operator (docs/decisions/017)
 *   POST /operator/deposits/:id/refund     { reason, transactionId?, note }: 202, waits too
 *   POST /operator/deposits/:id/refunded   { bankReference, refundedOn }
 *   POST /operator/deposits/:id/write-off  { reason }
 */
/** What a preview of the longest statement sends back: one short outcome per line. */
const MAX_PREVIEWED_BYTES = 2 * 1024 * 1024;

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

const depositRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const operator = { access: ['operator' as const] };

  app.get(
    '/operator/deposits',
    {
      config: operator,
      schema: { querystring: depositListQuerySchema, response: { 200: depositListResponseSchema } },
    },
    async (request) => listDeposits(request.readDb, request.query),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/operator/deposits/export.${format}`,
      { config: operator, schema: { querystring: depositExportQuerySchema } },
      async (request, reply) => {
        const { lang, ...filter } = request.query;
        request.log.info({ format, filter }, 'operator deposits export');
        const batches = depositBatches(request.readDb, filter);
        return reply
          .header(
            'content-type',
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', depositExportDisposition(lang, format))
          .header('cache-control', 'no-store')
          .send(format === 'csv' ? depositCsv(batches, lang) : depositXlsx(batches, lang));
      },
    );
  }

  app.post(
    '/operator/deposits',
    {
      config: operator,
      schema: { body: depositNotificationSchema, response: { 201: depositOutcomeSchema } },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const recorded = await recordDeposit(db, request.body, 'manual', user.id, (tx, done) =>
        done.duplicate
          ? Promise.resolve()
          : recordAuditEvent(tx, {
              action: 'deposit_recorded',
              actorUserId: user.id,
              ip: request.ip,
              object: { type: 'deposit', id: done.deposit.bankReference },
              details: {
                after: {
                  depositorName: done.deposit.depositorName,
                  amountKrw: done.deposit.amountKrw,
                  receivedAt: done.deposit.receivedAt.toISOString(),
                  receivingAccount: done.deposit.receivingAccount,
                  status: done.deposit.status,
                  reviewReason: done.deposit.reviewReason,
                },
              },
            }),
      );
      countDepositOutcomes(app.metrics, 'manual', [recorded]);
      if (recorded.duplicate) throw new AppError('DEPOSIT_ALREADY_RECORDED');
      const [deposit] = await toDeposits(db, [recorded.deposit]);
      return reply.code(201).send({ deposit: deposit!, duplicate: false });
    },
  );

  // Only the statement import accepts multipart bodies: preview, then import (decision 019).
  app.register(async (imports) => {
    await imports.register(multipart);
    imports.post(
      '/operator/deposits/import/preview',
      { config: operator, schema: { response: { 200: statementReportSchema } } },
      async (request) => {
        const user = app.signedInUser(request);
        const statement = await readStatement(await readUploadedFile(request, MAX_STATEMENT_BYTES));
        const report = await previewStatement(db, statement, user.id);
        request.log.info(
          { format: report.format, ...statementCounts(report.lines) },
          'bank statement previewed',
        );
        return report;
      },
    );
    imports.post(
      '/operator/deposits/import',
      { config: operator, schema: { response: { 200: statementReportSchema } } },
      async (request) => {
        const user = app.signedInUser(request);
        const { bytes, fields } = await readUpload(request, ['preview'], MAX_STATEMENT_BYTES, {
          fieldBytes: MAX_PREVIEWED_BYTES,
        });
        // What is wrong with the file first, then whether it is the file that was previewed.
        const statement = await readStatement(bytes);
        const shown = statementPreviewedSchema.safeParse(parseJson(fields.preview));
        if (!shown.success) throw new AppError('STATEMENT_NOT_PREVIEWED');
        const report = await importStatement(
          db,
          statement,
          shown.data,
          { userId: user.id, ip: request.ip },
          app.metrics,
        );
        request.log.info(
          { format: report.format, ...statementCounts(report.lines) },
          'bank statement imported',
        );
        return report;
      },
    );
  });

  app.get(
    '/operator/deposits/:id',
    {
      config: operator,
      schema: { params: transactionIdParamsSchema, response: { 200: depositDetailResponseSchema } },
    },
    async (request) => {
      const detail = await depositDetail(db, request.params.id);
      if (!detail) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
      return detail;
    },
  );

  /** One decision route: the body's schema, what to do, and the deposit as it is after. */
  const decision = <Body extends z.ZodType>(
    path: string,
    body: Body,
    decide: (
      id: string,
      body: z.output<Body>,
      who: { userId: string; ip: string },
    ) => Promise<void>,
  ) =>
    app.post(
      `/operator/deposits/:id/${path}`,
      {
        config: operator,
        schema: { params: transactionIdParamsSchema, body, response: { 200: depositSchema } },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const user = app.signedInUser(request);
        await decide(id, request.body as z.output<Body>, { userId: user.id, ip: request.ip });
        const [deposit] = await toDeposits(db, [(await findDeposit(db, id))!]);
        return deposit!;
      },
    );
  // Paying a buy and deciding a refund wait for a second operator (docs/decisions/017): 202
  // { approval }; approving carries out matchDeposit or refundDeposit (decisions.ts).
  const waits = <Body extends z.ZodType>(
    path: string,
    body: Body,
    ask: (
      id: string,
      body: z.output<Body>,
      maker: { id: string; name: string },
      ip: string,
    ) => Promise<Approval>,
  ) =>
    app.post(
      `/operator/deposits/:id/${path}`,
      {
        config: operator,
        schema: {
          params: transactionIdParamsSchema,
          body,
          response: { 202: approvalRequestedSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const user = app.signedInUser(request);
        const approval = await ask(
          id,
          request.body as z.output<Body>,
          { id: user.id, name: user.name },
          request.ip,
        );
        return reply.code(202).send({ approval });
      },
    );
  waits('match', matchDepositRequestSchema, (id, body, maker, ip) =>
    requestDepositMatch(db, id, body, maker, ip),
  );
  waits('refund', refundDepositRequestSchema, (id, body, maker, ip) =>
    requestDepositRefund(db, id, body, maker, ip),
  );
  decision('refunded', markRefundedRequestSchema, (id, body, who) =>
    markRefunded(db, id, body, who),
  );
  decision('write-off', writeOffDepositRequestSchema, (id, body, who) =>
    writeOffDeposit(db, id, body.reason, who),
  );

  // The webhook reads its body as text: the signature covers the exact bytes sent.
  app.register(async (webhook) => {
    const deliveries = deliveryGroups(db);
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    // Every refusal of a delivery counted by why (docs/OPERATIONS.md): a bad signature is
    // either a misconfigured bank or someone forging deposits.
    webhook.addHook('onError', async (_request, _reply, error) => {
      app.metrics.bankWebhookRejected(webhookRejectionReason(error));
    });
    webhook.post(
      '/bank/deposits',
      {
        config: {
          caller: 'machine',
          access: 'public',
          rateLimit: { max: 600, timeWindow: '1 minute' },
        },
        schema: {
          response: { 200: z.union([depositOutcomeSchema, depositBatchOutcomeSchema]) },
        },
      },
      async (request) => {
        const secret = app.config.bankWebhookSecret;
        if (!secret) {
          throw new AppError('SERVICE_UNAVAILABLE', 'Deposit notifications are not configured.');
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const now = new Date();
        const signature = verifyBankNotification(
          secret,
          { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) },
          raw,
          now,
        );
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new AppError('BAD_REQUEST', 'The body is not JSON.');
        }
        // One deposit, or a batch of them ({ deposits: [...] }) recorded whole or not at all.
        const batch = typeof json === 'object' && json !== null && 'deposits' in json;
        const parsed = batch
          ? depositBatchSchema.safeParse(json)
          : depositNotificationSchema
              .transform((deposit) => ({ deposits: [deposit] }))
              .safeParse(json);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', undefined, {
            fields: issuesToFields(parsed.error.issues, 'body'),
          });
        }
        // The exact delivery once: a replay of the same signed request is refused. Deliveries
        // arriving together share a commit (delivery-groups.ts).
        const recorded = await deliveries.record({
          signature,
          receivedAt: now,
          deposits: parsed.data.deposits,
        });
        countDepositOutcomes(app.metrics, 'webhook', recorded);
        const shown = await toDeposits(
          db,
          recorded.map((outcome) => outcome.deposit),
        );
        const results = recorded.map((outcome, index) => ({
          deposit: shown[index]!,
          duplicate: outcome.duplicate,
        }));
        if (batch) {
          request.log.info(
            {
              deposits: results.length,
              settled: results.filter((r) => !r.duplicate && r.deposit.status === 'settled').length,
              duplicates: results.filter((r) => r.duplicate).length,
            },
            'bank deposit notifications',
          );
          return { results };
        }
        const [only] = results;
        request.log.info(
          {
            depositId: only!.deposit.id,
            status: only!.deposit.status,
            duplicate: only!.duplicate,
          },
          'bank deposit notification',
        );
        return only!;
      },
    );
  });
};

export default depositRoutes;
