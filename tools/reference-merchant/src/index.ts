import {
  createHash,
  createHmac,
  randomBytes,
  randomUUID,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatDecimal, parseDecimal } from './decimal';

/**
 * A reference implementation of the merchant API documented in docs/merchant-api.openapi.yaml:
 * signed requests (HMAC-SHA256), account verification, balances, and idempotent credits and
 * debits with exact decimal arithmetic. Tests start it on 127.0.0.1 port 0 and point the portal's
 * HTTP adapter at it; developers run it with `npm start -w @portal/reference-merchant`.
 *
 * Only node:http and node:crypto: no framework, so what goes over the wire is exactly what the
 * document says.
 */

export interface SeedAccount {
  accountNumber: string;
  password: string;
  holderName: string;
  /** Decimal string, up to 8 places. */
  balance: string;
}

export interface ReferenceMerchantOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Interface to listen on; loopback unless told otherwise. */
  host?: string;
  /** The key id the portal sends in X-Portal-Key-Id, and the HMAC secret that goes with it. */
  keyId: string;
  secret: string;
  /** Accounts created at start when they do not exist yet (a data file keeps earlier ones). */
  accounts?: readonly SeedAccount[];
  /** Wait this long before answering each request (tests of timeouts). */
  delayMs?: number;
  /** JSON file the books are kept in, written atomically after each change. Unset: memory. */
  dataFile?: string;
  /** Seconds a request's timestamp may differ from the merchant's clock. */
  maxClockSkewSeconds?: number;
}

export interface ReferenceMerchant {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  stop(): Promise<void>;
  setDelay(ms: number): void;
  /** While down, every request gets 503 {error: 'unavailable'}. */
  setDown(down: boolean): void;
  /** Makes every link token issued for the account invalid (the next call gets 403). */
  revokeLinks(accountNumber: string): void;
  /** The current balance, read directly (tests). */
  balanceOf(accountNumber: string): string | undefined;
}

interface StoredAccount {
  holderName: string;
  /** scrypt$<salt>$<hash>, base64url. */
  passwordHash: string;
  /** Decimal string. */
  balance: string;
}

interface StoredTransfer {
  /** sha256 of what the request asked for; a reused key must ask for the same thing. */
  fingerprint: string;
  response: { transferId: string; balanceAfter: string };
}

interface Books {
  accounts: Record<string, StoredAccount>;
  /** sha256(link token) -> account number. Only hashes are kept. */
  links: Record<string, string>;
  /** Idempotency key -> the first (successful) result. */
  transfers: Record<string, StoredTransfer>;
}

const MAX_BODY_BYTES = 64 * 1024;
const ACCOUNT_PATH = /^\/v1\/accounts\/([^/]+)\/(balance|credits|debits)$/;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export async function startReferenceMerchant(
  options: ReferenceMerchantOptions,
): Promise<ReferenceMerchant> {
  const maxSkew = options.maxClockSkewSeconds ?? 300;
  let delayMs = options.delayMs ?? 0;
  let down = false;
  const books = loadBooks(options.dataFile);
  for (const seed of options.accounts ?? []) {
    if (books.accounts[seed.accountNumber]) continue;
    const balance = parseDecimal(seed.balance);
    if (balance === undefined) throw new Error(`Invalid seed balance for ${seed.accountNumber}`);
    books.accounts[seed.accountNumber] = {
      holderName: seed.holderName,
      passwordHash: await hashPassword(seed.password),
      balance: formatDecimal(balance),
    };
  }

  // Writes are chained so that two never interleave; each writes a whole file and renames it.
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const file = options.dataFile;
    if (!file) return Promise.resolve();
    const snapshot = JSON.stringify(books, null, 2);
    saving = saving.then(async () => {
      const partial = `${file}.${randomUUID()}.tmp`;
      await writeFile(partial, snapshot, { mode: 0o600 });
      await rename(partial, file);
    });
    return saving;
  };
  if (options.dataFile) await save();

  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (delayMs > 0) await wait(delayMs);
    if (down) throw new HttpError(503, 'unavailable');
    const target = request.url ?? '/';
    const method = request.method ?? 'GET';
    authenticate(request, method, target, body);

    if (method === 'POST' && target === '/v1/accounts/verify') {
      return send(response, 200, await verify(parseJson(body)));
    }
    const match = ACCOUNT_PATH.exec(target);
    if (!match) throw new HttpError(404, 'not_found');
    const accountNumber = decodeURIComponent(match[1] ?? '');
    const action = match[2];
    if (action === 'balance' && method === 'GET') {
      const account = linkedAccount(request, accountNumber);
      return send(response, 200, { balance: account.balance });
    }
    if ((action === 'credits' || action === 'debits') && method === 'POST') {
      const account = linkedAccount(request, accountNumber);
      const kind = action === 'credits' ? 'credit' : 'debit';
      const result = await transfer(request, accountNumber, account, kind, parseJson(body));
      return send(response, 200, result);
    }
    throw new HttpError(405, 'method_not_allowed');
  }

  function authenticate(request: IncomingMessage, method: string, target: string, body: Buffer) {
    const keyId = header(request, 'x-portal-key-id');
    const timestamp = header(request, 'x-portal-timestamp');
    const signature = header(request, 'x-portal-signature');
    if (!keyId || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) {
      throw new HttpError(401, 'invalid_signature');
    }
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > maxSkew) {
      throw new HttpError(401, 'invalid_signature');
    }
    const expected = signRequest(options.secret, { timestamp, method, path: target, body });
    const keyMatches = safeEqual(keyId, options.keyId);
    if (!safeEqual(signature.toLowerCase(), expected) || !keyMatches) {
      throw new HttpError(401, 'invalid_signature');
    }
  }

  async function verify(input: Record<string, unknown>) {
    const { accountNumber, password } = input;
    if (
      typeof accountNumber !== 'string' ||
      typeof password !== 'string' ||
      accountNumber.length > 64 ||
      password.length > 256
    ) {
      throw new HttpError(400, 'invalid_request');
    }
    const account = Object.hasOwn(books.accounts, accountNumber)
      ? books.accounts[accountNumber]
      : undefined;
    // An unknown account costs as much as a wrong password, and gets the same answer.
    const matches = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
    if (!account || !matches) throw new HttpError(401, 'invalid_credentials');
    const linkToken = randomBytes(32).toString('base64url');
    books.links[sha256(linkToken)] = accountNumber;
    await save();
    return { holderName: account.holderName, linkToken };
  }

  function linkedAccount(request: IncomingMessage, accountNumber: string): StoredAccount {
    const token = header(request, 'x-link-token');
    const linked = token ? books.links[sha256(token)] : undefined;
    const account = Object.hasOwn(books.accounts, accountNumber)
      ? books.accounts[accountNumber]
      : undefined;
    if (!account || linked !== accountNumber) throw new HttpError(403, 'link_invalid');
    return account;
  }

  async function transfer(
    request: IncomingMessage,
    accountNumber: string,
    account: StoredAccount,
    kind: 'credit' | 'debit',
    input: Record<string, unknown>,
  ) {
    const key = header(request, 'idempotency-key');
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, 'invalid_request');
    const amount = parseDecimal(input.amount);
    const { reference } = input;
    if (
      amount === undefined ||
      amount <= 0n ||
      typeof reference !== 'string' ||
      reference.length > 100
    ) {
      throw new HttpError(400, 'invalid_request');
    }
    const fingerprint = sha256(
      JSON.stringify([kind, accountNumber, formatDecimal(amount), reference]),
    );
    const earlier = Object.hasOwn(books.transfers, key) ? books.transfers[key] : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) throw new HttpError(422, 'idempotency_key_reused');
      return { ...earlier.response, replayed: true };
    }
    // Everything from here to the assignment is synchronous: no other request runs in between.
    const before = parseDecimal(account.balance) ?? 0n;
    const after = kind === 'credit' ? before + amount : before - amount;
    if (after < 0n) throw new HttpError(409, 'insufficient_funds');
    account.balance = formatDecimal(after);
    const result = { transferId: randomUUID(), balanceAfter: account.balance };
    books.transfers[key] = { fingerprint, response: result };
    await save();
    return { ...result, replayed: false };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return send(response, error.status, { error: error.code });
      send(response, 500, { error: 'internal_error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await saving;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setDown(value) {
      down = value;
    },
    revokeLinks(accountNumber) {
      for (const [hash, linked] of Object.entries(books.links)) {
        if (linked === accountNumber) delete books.links[hash];
      }
      void save();
    },
    balanceOf(accountNumber) {
      return Object.hasOwn(books.accounts, accountNumber)
        ? books.accounts[accountNumber]?.balance
        : undefined;
    },
  };
}

/**
 * The signature the merchant API expects: hex HMAC-SHA256 over
 * `${timestamp}\n${METHOD}\n${path}\n${sha256hex(body)}`, where path is the request target as
 * sent (path and query) and body the raw bytes (empty for GET).
 */
export function signRequest(
  secret: string,
  request: { timestamp: string; method: string; path: string; body: BinaryLike },
): string {
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  const payload = `${request.timestamp}\n${request.method.toUpperCase()}\n${request.path}\n${bodyHash}`;
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function loadBooks(file: string | undefined): Books {
  const empty: Books = { accounts: {}, links: {}, transfers: {} };
  if (!file) return empty;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Books>;
  return {
    accounts: parsed.accounts ?? {},
    links: parsed.links ?? {},
    transfers: parsed.transfers ?? {},
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'body_too_large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'invalid_request');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

// scrypt with a random salt per password; the reference merchant never keeps a password itself.
const SCRYPT_KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, SCRYPT_KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'));
  const wanted = Buffer.from(expected, 'base64url');
  return key.length === wanted.length && timingSafeEqual(key, wanted);
}

/** Compared against for unknown accounts, so they take as long as known ones. */
const DUMMY_HASH = `scrypt$${randomBytes(16).toString('base64url')}$${randomBytes(SCRYPT_KEY_LENGTH).toString('base64url')}`;

export { parseDecimal } from './decimal';
