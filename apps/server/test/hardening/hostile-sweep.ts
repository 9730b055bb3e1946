import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@portal/contract/errors';
import { depositNotificationSchema } from '@portal/contract/transactions';
import type { UserRole } from '@portal/contract/users';
import type { LightMyRequestResponse } from 'fastify';
import type { ZodType } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signBankNotification,
} from '@server/modules/deposits/webhook-signature';
import { BrowserClient } from '@test/browser-client';
import { createAgency, markIdentityVerified, signedIn } from '@test/identity';
import { openTemplatePglite } from '@test/pglite-template';
import { buildAppWithRoutes, describeRoute, type ApiRoute } from '@test/route-table';
import { hostileRequests, type HostileRequest } from './hostile-requests';
import { routeExamples } from './route-examples';
import { installWriteLog } from './write-log';
import { depth } from '@test/depth';

/**
 * Every /api route in the route table gets HOSTILE_RUNS (1,000 in the deep run, 100 otherwise)
 * generated hostile requests (fast-check with the Big List of Naughty Strings: markup, script
 * URLs, SQL, NUL, lone surrogates, bidi and zero-width marks, decomposed Hangul, oversized text
 * and bodies, wrong types, 1e309, numbers past 2^53, smuggled fields, broken encodings), sent by
 * a signed-in caller of the right role with a valid anti-forgery token, so that each one reaches
 * validation. For every answer:
 *
 * - never a 5xx, and no error body with a stack trace or a file path;
 * - a 4xx carries a stable code from the contract;
 * - a 2xx only where the contract itself accepts the input (free text such as a name or a
 *   search), or on a read;
 * - a refused request (4xx) wrote nothing: a write log fed by triggers on every table must not
 *   grow while it runs (write-log.ts lists the by-design exceptions; a bank reference re-sent
 *   with other details is refused and writes its audit event for the operators).
 *
 * The sweep runs on a database of its own (embedded, even when DATABASE_URL is set), so that the
 * write log sees this file's requests only. Reproduce a failure with HOSTILE_SEED. 1,000 inputs per
 * route in the deep run (test/depth.ts), 30 in `npm test`.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? depth(1000, 30));
const SEED = Number(process.env.HOSTILE_SEED ?? 20_260_801);
const WEBHOOK_SECRET = 'hostile-sweep-webhook-secret-0123456789abcdef';

/** Routes that read their body themselves rather than through a route schema. */
const BODY_CHECKED_IN_HANDLER: Readonly<Record<string, ZodType>> = {
  'POST /api/bank/deposits': depositNotificationSchema,
};

/** The live event stream never ends by itself, so a sweep would wait on it forever; it takes
 * no input but the session (money/live.test.ts covers it). */
const NOT_SWEPT = new Set(['GET /api/events']);

/** What an error body must never show: stack frames, source paths, driver messages. */
const INTERNALS =
  /\bat [^\s]+ \(|\.[cm]?[jt]s:\d+|node_modules|\/apps\/server\/|file:\/\/|\bSELECT\b.+\bFROM\b|\bduplicate key\b|\bviolates\b/i;

const STABLE = new Set<string>(ERROR_CODES.filter((code) => code !== 'INTERNAL_ERROR'));

/**
 * Sweeps part `shard` (0-based) of `shards` of the route table: every n-th route, so that the
 * parts run side by side in their own test files (and workers) and a new route lands in one of
 * them by itself.
 */
export async function sweepRoutes(shard: number, shards: number): Promise<void> {
  const { app, routes } = await buildAppWithRoutes(
    { bankWebhookSecret: WEBHOOK_SECRET },
    { database: await openTemplatePglite() },
  );
  await app.ready();
  const writes = await installWriteLog(app);
  const agency = await createAgency(app, 'Sweep Partners');
  const callers = {
    // With two-factor, so that sells and the payee get past its gate too (docs/decisions/026).
    client: await signedIn(app, 'client', agency.id, { twoFactor: true }),
    agency: await signedIn(app, 'agency', agency.id),
    operator: await signedIn(app, 'operator'),
  };
  // Verified, so that buys and sells get past the identity gate to the inputs being spoiled.
  await markIdentityVerified(app, callers.client.id);
  const examples = routeExamples({ clientEmail: callers.client.email });
  const rowsBefore = await writes.rowCounts();
  const totals = { routes: 0, requests: 0, refused: 0, accepted: 0, serverErrors: 0 };
  let refusedWrites = 0;

  afterAll(async () => {
    const rowsAfter = await writes.rowCounts();
    const changed = Object.keys(rowsAfter).filter(
      (table) => rowsAfter[table] !== rowsBefore[table],
    );
    console.info(
      `hostile sweep, part ${shard + 1} of ${shards}: ${totals.routes} routes × ${RUNS} inputs = ${totals.requests} requests; ` +
        `${totals.refused} refused (4xx), ${totals.accepted} accepted (2xx/3xx, contract-valid), ` +
        `${totals.serverErrors} 5xx; rows written by refused requests: ${refusedWrites}; ` +
        `tables whose row count changed (accepted inputs only): ${changed.join(', ') || 'none'}`,
    );
    await app.close();
  });

  /** HOSTILE_ONLY=export narrows the sweep to matching routes, to chase one failure quickly. */
  const only = process.env.HOSTILE_ONLY;
  const swept = routes.filter(
    (route, index) =>
      index % shards === shard &&
      !NOT_SWEPT.has(describeRoute(route)) &&
      (!only || describeRoute(route).includes(only)),
  );

  describe('every route refuses hostile input cleanly', () => {
    it('covers every route of the table, each with an example when it takes a body', () => {
      // Together the parts cover the whole table but the event stream.
      if (!only) expect(swept.length * shards).toBeGreaterThan(50);
      const missing = swept.filter(
        (route) => route.schema.body && !examples[describeRoute(route)]?.body,
      );
      expect(missing.map(describeRoute), 'add a valid example to route-examples.ts').toEqual([]);
    });

    it.each(swept.map((route) => [describeRoute(route), route] as const))(
      '%s',
      { timeout: 180_000 },
      async (_name, route) => {
        const key = describeRoute(route);
        const example = examples[key] ?? {};
        const bodySchema = route.schema.body ?? BODY_CHECKED_IN_HANDLER[key];
        const requests = hostileRequests(route, example, RUNS, SEED + hash(key));
        let caller = await callerFor(route);
        const failures: string[] = [];
        const fail = (request: HostileRequest, response: LightMyRequestResponse, why: string) => {
          if (failures.length < 10) {
            failures.push(
              `${why} — ${request.part} ${request.label} → ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        };

        // Reading the write log costs a query, so it is read around the requests that may write
        // legitimately (contract-valid ones, on routes that change things) and after each batch of
        // refused ones in between: every refused request is still covered by a check.
        let verified = await writes.count();
        let batch: HostileRequest[] = [];
        const checkBatch = async () => {
          const now = await writes.count();
          const written = now === verified ? [] : await writes.since(verified);
          if (written.length > 0) {
            refusedWrites += written.length;
            failures.push(
              `requests that may not write wrote ${written.slice(0, 5).join(', ')} — one of: ${batch
                .slice(0, 5)
                .map((request) => `${request.part} ${request.label}`)
                .join(' | ')}`,
            );
          }
          verified += written.length;
          batch = [];
        };

        for (const request of requests) {
          const mayWrite = route.method !== 'GET' && contractAccepts(route, request, bodySchema);
          if (mayWrite) await checkBatch();
          let response: LightMyRequestResponse;
          try {
            response = await send(route, caller, request);
          } catch (error) {
            // The server broke the response off mid-way (a stream that failed after its headers).
            totals.requests += 1;
            totals.serverErrors += 1;
            failures.push(
              `response broken off (${String(error)}) — ${request.part} ${request.label}`,
            );
            batch.push(request);
            continue;
          }
          totals.requests += 1;
          const status = response.statusCode;

          if (status >= 500) {
            totals.serverErrors += 1;
            fail(request, response, 'server error');
          } else if (status >= 400) {
            totals.refused += 1;
            const error = errorOf(response);
            if (!error || !STABLE.has(error.code)) fail(request, response, 'no stable error code');
            if (INTERNALS.test(response.body)) fail(request, response, 'internals in the body');
          } else {
            totals.accepted += 1;
            if (route.method !== 'GET' && !mayWrite) {
              fail(request, response, 'accepted what the contract refuses');
            }
            // Sign-up and sign-out change who the visitor is; start again as a fresh one.
            if (route.access === 'public' && route.method !== 'GET') caller = await visitor();
          }

          if (mayWrite && status < 400) {
            verified = await writes.count();
          } else if (mayWrite && errorOf(response)?.code === 'DEPOSIT_REFERENCE_CONFLICT') {
            // Refused, and kept for the operators by design (docs/SECURITY.md "Deposit reference
            // conflicts"): its audit event, and nothing else.
            const written = await writes.since(verified);
            const other = written.filter((entry) => !entry.startsWith('audit_events INSERT'));
            if (other.length > 0)
              fail(request, response, `a refused conflict wrote ${other.join(', ')}`);
            verified += written.length;
          } else {
            batch.push(request);
            if (mayWrite) await checkBatch();
          }
        }
        await checkBatch();
        totals.routes += 1;
        expect(failures, key).toEqual([]);
      },
    );
  });

  /** A caller the route lets through: a visitor for public routes, else a user of its role. */
  async function callerFor(route: ApiRoute): Promise<BrowserClient> {
    if (route.access === 'public') return visitor();
    const role: UserRole = route.access === 'user' ? 'client' : route.access[0]!;
    return callers[role].browser;
  }

  async function visitor(): Promise<BrowserClient> {
    const browser = new BrowserClient(app);
    await browser.visit();
    return browser;
  }

  /** Sends as the web client does (cookies, role header, token), plus a fresh idempotency key and,
   * for the bank webhook, a valid signature over the exact bytes, so the input is what is tested. */
  function send(route: ApiRoute, caller: BrowserClient, request: HostileRequest) {
    const headers: Record<string, string> = {
      'idempotency-key': randomBytes(12).toString('hex'),
      ...request.headers,
    };
    if (route.caller === 'machine') {
      const timestamp = Math.floor(Date.now() / 1000);
      const raw = request.payload === undefined ? '' : request.payload.toString();
      headers[TIMESTAMP_HEADER] = String(timestamp);
      headers[SIGNATURE_HEADER] = signBankNotification(WEBHOOK_SECRET, timestamp, raw);
    }
    return caller.request(route.method as 'POST', request.url, {
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  }
}

/** Whether the contract's own schemas accept the request as the server will parse it. */
function contractAccepts(route: ApiRoute, request: HostileRequest, body?: ZodType): boolean {
  const { params, querystring } = route.schema;
  if (params && !params.safeParse(request.parsed.params).success) return false;
  if (querystring && !querystring.safeParse(request.parsed.query).success) return false;
  if (!body) return true;
  if (request.parsed.bodyUnparseable) return false;
  return body.safeParse(request.parsed.body).success;
}

function errorOf(response: LightMyRequestResponse): { code: string } | null {
  try {
    const parsed = response.json() as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' ? { code } : null;
  } catch {
    return null;
  }
}

/** A per-route seed offset, so routes do not all get the same sequence. */
function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}
