import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody, ErrorCode } from '@portal/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '@server/db/errors';
import { AppError, DEFAULT_MESSAGES, STATUS_BY_CODE, errorBody } from '@server/lib/errors';
import { setSecurityHeadersWithoutHooks } from '@server/plugins/external/helmet';

/** Client errors raised by Fastify and its plugins, by status. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** How long a 503 asks the caller to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
}

/**
 * Turns anything thrown while handling a request into the one error shape of the API.
 * - AppError: its own code, message and fields.
 * - Errors from Fastify and its plugins (bad JSON, body too large, wrong content type): the code
 *   of their status with our generic message; their own text can quote the input.
 * - Anything else is a bug or an outage: 500 with a generic message, and nothing about the
 *   error leaves the server.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    return { status, body: errorBody(code, DEFAULT_MESSAGES[code]) };
  }
  // The database out of reach is an outage to wait out, not a bug (docs/SECURITY.md).
  const code =
    status === 503 || isDatabaseUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return { status: STATUS_BY_CODE[code], body: errorBody(code, DEFAULT_MESSAGES[code]) };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode } = error;
  return typeof statusCode === 'number' && Number.isInteger(statusCode) ? statusCode : undefined;
}

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route or hook runs (bad
 * percent-encoding, a path parameter over the length limit). Without it Fastify answers in its
 * own shape, quoting the whole URL back.
 */
export function frameworkErrorHandler(
  error: Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ code: (error as { code?: string }).code }, 'unusable URL refused');
  setSecurityHeadersWithoutHooks(reply, request.server.config.nodeEnv === 'production');
  void reply
    .code(STATUS_BY_CODE.BAD_REQUEST)
    .type('application/json; charset=utf-8')
    .send(errorBody('BAD_REQUEST', 'The address of this request is not valid.'));
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers over the size limit, a request too slow to arrive, bytes that are not HTTP). Fastify
 * answers those in its own shape; the portal answers in its one error shape, with a stable code,
 * and closes the connection as Node does.
 */
export function clientErrorHandler(
  this: { log: { info: (object: object, message: string) => void } },
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  this.log.info({ code: error.code }, 'unreadable request refused');
  const status = STATUS_BY_CODE[code];
  const body = JSON.stringify(errorBody(code, DEFAULT_MESSAGES[code]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) {
        // The full error, with its stack and cause, goes to the log and only there.
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: body.error.code, fields: body.error.fields }, body.error.message);
      }
      // An outage says when to try again: a client (and the web's retry) waits that long. So
      // does an answer that knows when the same request may succeed (uploads busy).
      const retryAfter =
        error instanceof AppError && error.retryAfterSeconds !== undefined
          ? error.retryAfterSeconds
          : status === 503
            ? RETRY_AFTER_SECONDS
            : undefined;
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
