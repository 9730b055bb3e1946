import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream } from 'pino';
import type { Config } from '@server/config';
import { databaseErrorSummary } from '@server/db/errors';

/** Body fields that hold secrets, wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'merchantPassword',
  'token',
  'secret',
];

/** Headers that carry credentials: the session cookie, bearer tokens, the anti-forgery token. */
const SECRET_HEADERS = ['cookie', 'authorization', 'x-xsrf-token', 'set-cookie'];

/**
 * pino redaction paths. pino matches paths exactly (a `*` stands for one level), so each secret
 * is listed at the depths where logged objects put it: `{ body }`, `{ req: { body } }`,
 * `{ headers }`, `{ res: { headers } }`, and so on.
 */
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

export const REDACTED = '[redacted]';

export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const base = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: logError },
  };
  if (stream) return { ...base, stream };
  if (config.nodeEnv === 'development' && process.stdout.isTTY && hasPrettyPrinter()) {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
    };
  }
  return base;
}

/**
 * An error in a log line (`{ err }`): a database error keeps its codes and names, never the
 * query's values (`databaseErrorSummary`); any other error as pino writes it.
 */
export function logError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  return databaseErrorSummary(error) ?? stdSerializers.err(error);
}

/** pino-pretty is a dev dependency: a production install does not have it. */
function hasPrettyPrinter(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids tie log lines to one request. A proxy's X-Request-Id is kept so its logs and
 * ours line up, but only when it is a short plain token: it is written into every log line and
 * echoed back, so it must not be able to forge or break either.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
