import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '@portal/contract/users';
import { createAgency, signedIn } from '@test/identity';
import { openTemplatePglite } from '@test/pglite-template';
import { buildAppWithRoutes, type ApiRoute } from '@test/route-table';
import type { App } from '@server/lib/zod-routes';
import type { BrowserClient } from '@test/browser-client';
import { deliverToWebhook } from '@test/bank-webhook';
import { routeExamples } from './route-examples';

/**
 * Days at the ends of the calendar are inputs like any other: every list, export and report
 * that takes Korea days (`from`, `to`) answers 400 with the field's error for a day outside the
 * days the portal keeps (docs/SECURITY.md "Dates at the limits"), never a 500, and never a 200
 * with an empty file. Found by the attack run: `?from=0001-01-01` and `?to=9999-12-31` were 500s
 * on the lists, and the exports answered a header only.
 */
const SECRET = 'dates-at-limits-webhook-secret-0123456789abcdef';
let app: App;
let routes: ApiRoute[];
let callers: Record<UserRole, BrowserClient>;
let examples: ReturnType<typeof routeExamples>;

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes(
    { bankWebhookSecret: SECRET },
    { database: await openTemplatePglite() },
  ));
  await app.ready();
  const agency = await createAgency(app, 'Limit Partners');
  const client = await signedIn(app, 'client', agency.id);
  callers = {
    client: client.browser,
    agency: (await signedIn(app, 'agency', agency.id)).browser,
    operator: (await signedIn(app, 'operator')).browser,
  };
  examples = routeExamples({ clientEmail: client.email });
});
afterAll(() => app?.close());

/** The GET routes that take a range of Korea days. */
function rangeRoutes(): ApiRoute[] {
  return routes.filter((route) => {
    if (route.method !== 'GET') return false;
    const shape = (route.schema.querystring as { shape?: Record<string, unknown> } | undefined)
      ?.shape;
    return Boolean(shape && ('from' in shape || 'to' in shape));
  });
}

function urlOf(route: ApiRoute, query: Record<string, string>): string {
  const example = examples[`${route.method} ${route.url}`];
  let url = route.url;
  for (const [name, value] of Object.entries(example?.params ?? { format: 'csv' })) {
    url = url.replace(`:${name}`, value);
  }
  const search = new URLSearchParams({ ...(example?.query ?? {}), ...query });
  return `${url}?${search.toString()}`;
}

const callerOf = (route: ApiRoute) =>
  callers[route.access === 'user' || route.access === 'public' ? 'client' : route.access[0]!];

describe('Korea days at the limits', () => {
  it('finds the routes that take them', () => {
    // Lists, exports and reports of transactions, deposits, approvals, audit and reconciliation.
    expect(rangeRoutes().length).toBeGreaterThanOrEqual(10);
  });

  const cases = [
    { query: { from: '0001-01-01' }, field: 'from' },
    { query: { to: '9999-12-31' }, field: 'to' },
    { query: { from: '1999-12-31' }, field: 'from' },
    { query: { to: '2100-01-01' }, field: 'to' },
  ] as const;

  it.each(cases)(
    'refuses $query on every route with 400 on the field',
    async ({ query, field }) => {
      const answers: string[] = [];
      for (const route of rangeRoutes()) {
        const response = await callerOf(route).get(urlOf(route, query));
        let body: { error?: { code: string; fields?: Record<string, string> } } = {};
        try {
          body = response.json();
        } catch {
          // A file: the export went ahead.
        }
        const fine =
          response.statusCode === 400 &&
          body.error?.code === 'VALIDATION_FAILED' &&
          body.error.fields?.[field] === 'dateOutOfRange';
        if (!fine)
          answers.push(`${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      expect(answers).toEqual([]);
    },
  );

  it('takes the first and the last day the portal keeps', async () => {
    const answers: string[] = [];
    for (const route of rangeRoutes()) {
      // Reconciliation takes at most 92 days; the others any range.
      for (const query of [
        { from: '2000-01-01', to: '2000-01-31' },
        { from: '2099-12-01', to: '2099-12-31' },
      ]) {
        const response = await callerOf(route).get(urlOf(route, query));
        if (response.statusCode !== 200) {
          answers.push(`${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });
});

describe('deposits dated at the limits', () => {
  const notification = (receivedAt: string) => ({
    bankReference: `LIMIT-${receivedAt}`,
    depositorName: '홍길동',
    amountKrw: '10000',
    receivedAt,
  });
  const far = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59+09:00', '1999-12-31T14:59:59Z'];

  it.each(far)(
    'the bank webhook refuses a deposit received %s, and records nothing',
    async (at) => {
      const response = await deliverToWebhook(app, SECRET, notification(at));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { receivedAt: 'dateOutOfRange' } },
      });
      expect(await recorded(`LIMIT-${at}`)).toBe(0);
    },
  );

  it.each(far)('a deposit typed in by the operator, received %s, is refused', async (at) => {
    const response = await callers.operator.post('/api/operator/deposits', notification(at));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { receivedAt: 'dateOutOfRange' } },
    });
    expect(await recorded(`LIMIT-${at}`)).toBe(0);
  });

  it('a statement line dated 0001.01.01 or 9999.12.31 is a line in error, and the rest is read', async () => {
    const file = Buffer.from(
      [
        '거래일시,적요,보낸분/받는분,출금액(원),입금액(원),잔액(원)',
        '0001.01.01 11:35:00,타행이체,홍길동,0,10000,10000',
        '9999.12.31 11:35:00,타행이체,홍길동,0,10000,20000',
        '2026.11.24 11:35:00,타행이체,홍길동,0,10000,30000',
      ].join('\r\n'),
    );
    const boundary = 'limits0123456789';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await callers.operator.post('/api/operator/deposits/import/preview', body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json<{
      lines: Array<{ outcome: { kind: string; problems?: unknown } }>;
    }>().lines;
    // The third line is read: a deposit nobody asked for, owed back (docs/decisions/010).
    expect(lines.map((line) => line.outcome.kind)).toEqual(['error', 'error', 'refund_due']);
    for (const line of lines.slice(0, 2)) {
      expect(line.outcome.problems).toEqual([
        expect.objectContaining({ column: 'receivedAt', message: 'dateOutOfRange' }),
      ]);
    }
  });
});

async function recorded(reference: string): Promise<number> {
  const rows = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from deposits where bank_reference = ${reference}`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}
