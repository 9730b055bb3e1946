import { z } from 'zod';
import {
  MERCHANT_CALL_TIMEOUT_MS,
  MerchantError,
  type MerchantAdapter,
  type MerchantErrorReason,
  type Transfer,
  type TransferResult,
} from '@server/modules/merchants/adapter';
import { isPositiveAmount, MERCHANT_DECIMAL_PATTERN } from './decimal';
import { signMerchantRequest } from './signature';

/**
 * The adapter for real merchants: their HTTP API as documented in docs/merchant-api.openapi.yaml.
 * Every request is signed (HMAC-SHA256 with the merchant's secret), gives up when the caller's
 * signal fires or after `timeoutMs`, and every answer is validated; whatever goes wrong comes out
 * as a MerchantError. Passwords and link tokens never appear in an error message.
 */
export interface HttpMerchantAdapterOptions {
  /** e.g. https://api.merchant.example (a path prefix is kept: https://host/portal-api). */
  baseUrl: string;
  keyId: string;
  secret: string;
  /** Per call, on top of the caller's signal. Default MERCHANT_CALL_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Tests only. */
  fetch?: typeof fetch;
  /** Tests only: unix seconds. */
  now?: () => number;
}

const decimalString = z.string().regex(MERCHANT_DECIMAL_PATTERN);

const verifiedSchema = z.object({
  holderName: z.string().min(1).max(200),
  linkToken: z.string().min(1).max(2_000),
});
const balanceSchema = z.object({ balance: decimalString });
const transferSchema = z.object({
  transferId: z.string().min(1).max(200),
  balanceAfter: decimalString,
  replayed: z.boolean(),
});
const errorSchema = z.object({ error: z.string() });

interface MerchantResponse {
  status: number;
  /** Parsed JSON, or undefined when the body was not JSON. */
  body: unknown;
}

export function createHttpMerchantAdapter(options: HttpMerchantAdapterOptions): MerchantAdapter {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new Error('A merchant base URL must be http or https.');
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? MERCHANT_CALL_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  async function call(
    operation: string,
    request: {
      method: 'GET' | 'POST';
      path: string;
      body?: unknown;
      headers?: Record<string, string>;
    },
    signal: AbortSignal,
  ): Promise<MerchantResponse> {
    const url = new URL(base);
    url.pathname = `${prefix}${request.path}`;
    url.search = '';
    const target = `${url.pathname}${url.search}`;
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    const timestamp = String(now());
    const headers = new Headers(request.headers);
    headers.set('accept', 'application/json');
    if (request.body !== undefined) headers.set('content-type', 'application/json');
    headers.set('x-portal-key-id', options.keyId);
    headers.set('x-portal-timestamp', timestamp);
    headers.set(
      'x-portal-signature',
      signMerchantRequest(options.secret, {
        timestamp,
        method: request.method,
        path: target,
        body,
      }),
    );

    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    const failed = (reason: MerchantErrorReason, message: string, cause?: unknown) =>
      new MerchantError('unavailable', `Merchant ${operation}: ${message}`, { reason, cause });
    const abortReason = (error: unknown) =>
      signal.aborted
        ? failed('cancelled', 'cancelled by the caller', error)
        : timeout.aborted
          ? failed('timeout', `no answer within ${timeoutMs} ms`, error)
          : failed('network', 'could not reach the merchant', error);

    if (signal.aborted) throw abortReason(signal.reason);
    let text: string;
    let status: number;
    try {
      const response = await doFetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : body,
        signal: combined,
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw abortReason(error);
    }
    if (status >= 500) throw failed('server_error', `the merchant answered HTTP ${status}`);
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw failed('bad_response', `unparseable answer (HTTP ${status})`, error);
    }
    if (status === 401) {
      const code = errorSchema.safeParse(parsed).data?.error;
      if (code === 'invalid_credentials' && operation === 'verify') {
        throw new MerchantError('rejected_credentials', 'The merchant rejected the account.');
      }
      throw failed('signature_rejected', 'the merchant refused the request signature');
    }
    if (status === 403) {
      throw new MerchantError('link_invalid', 'The merchant no longer accepts this account link.');
    }
    if (status === 409) {
      throw new MerchantError('insufficient_funds', 'The merchant account has too little.');
    }
    if (status === 422) {
      throw failed('idempotency_conflict', 'idempotency key already used for another request');
    }
    if (status !== 200) throw failed('invalid_request', `the merchant answered HTTP ${status}`);
    return { status, body: parsed };
  }

  function validate<T>(operation: string, schema: z.ZodType<T>, body: unknown): T {
    const result = schema.safeParse(body);
    if (!result.success) {
      throw new MerchantError(
        'unavailable',
        `Merchant ${operation}: answer does not match the API`,
        {
          reason: 'bad_response',
        },
      );
    }
    return result.data;
  }

  const accountPath = (accountNumber: string, action: string) =>
    `/v1/accounts/${encodeURIComponent(accountNumber)}/${action}`;

  async function move(
    kind: 'credits' | 'debits',
    transfer: Transfer,
    signal: AbortSignal,
  ): Promise<TransferResult> {
    const operation = kind === 'credits' ? 'credit' : 'debit';
    if (!isPositiveAmount(transfer.amount)) {
      throw new MerchantError('unavailable', `Merchant ${operation}: invalid amount`, {
        reason: 'invalid_request',
      });
    }
    const response = await call(
      operation,
      {
        method: 'POST',
        path: accountPath(transfer.accountNumber, kind),
        body: { amount: transfer.amount, reference: transfer.reference },
        headers: { 'x-link-token': transfer.linkToken, 'idempotency-key': transfer.idempotencyKey },
      },
      signal,
    );
    return validate(operation, transferSchema, response.body);
  }

  return {
    async verifyAccount({ accountNumber, password }, signal) {
      const response = await call(
        'verify',
        { method: 'POST', path: '/v1/accounts/verify', body: { accountNumber, password } },
        signal,
      );
      return validate('verify', verifiedSchema, response.body);
    },
    async getBalance(account, signal) {
      const response = await call(
        'balance',
        {
          method: 'GET',
          path: accountPath(account.accountNumber, 'balance'),
          headers: { 'x-link-token': account.linkToken },
        },
        signal,
      );
      return validate('balance', balanceSchema, response.body);
    },
    credit: (transfer, signal) => move('credits', transfer, signal),
    debit: (transfer, signal) => move('debits', transfer, signal),
  };
}
