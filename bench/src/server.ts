import { Secret, TOTP } from 'otpauth';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_DEPLOYMENT_ROLE,
  DEPLOYMENT_ROLE_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract/http';

/** The bank's webhook secret in the bench server: a test value, never a real one. */
export const BANK_SECRET = 'bench-bank-webhook-secret-0123456789abcdef';

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server app (server-child.ts) on a free loopback port against the bench
 * database: no demo data, no background workers (the credit outbox would call merchants that do
 * not exist), quiet logs. TRUST_PROXY=loopback lets the bench present each simulated browser or
 * bank delivery with its own address (X-Forwarded-For), as a proxy in front would: the per-IP
 * sign-in throttle and the webhook's rate limit are per client, and one loopback address for
 * everyone would measure the limiter instead of the endpoint.
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  /** `built`: apps/server/dist/server.js, the server exactly as `npm start` runs it (no bench
   * route; used where its memory is measured: tsx alone adds about 85 MB to a process). */
  kind: 'bench' | 'built' = 'bench',
): Promise<BenchServer> {
  const built = kind === 'built';
  const entry = built
    ? fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url))
    : fileURLToPath(new URL('./server-child.ts', import.meta.url));
  const fixedPort = built ? await freePort() : 0;
  const child: ChildProcess = fork(entry, [], {
    execArgv: built ? [] : ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(fixedPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // The generated merchants are sandbox ones, off by default in production.
      SANDBOX_MERCHANTS: 'true',
      BACKGROUND_JOBS: 'false',
      TRUST_PROXY: 'loopback',
      BANK_WEBHOOK_SECRET: BANK_SECRET,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited early (${code})`)));
    if (!built) {
      child.once('message', (message) => resolve((message as { port: number }).port));
      return;
    }
    // server.js says nothing over IPC: wait until it answers.
    const poll = () =>
      fetch(`http://127.0.0.1:${fixedPort}/api/health`).then(
        (response) => (response.ok ? resolve(fixedPort) : setTimeout(poll, 200)),
        () => setTimeout(poll, 200),
      );
    poll();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, from /proc (Linux): now and its peak since the last reset. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Resets VmHWM (the peak RSS) of our own child, so the next peak is one measurement's. */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A signed-in browser: its cookies and the headers every API call must carry. */
export interface Session {
  cookie: string;
  headers: Record<string, string>;
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A distinct client address per simulated browser (see TRUST_PROXY above). */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The anonymous cookies and anti-forgery token a signed-out browser gets on its first call. */
export async function anonymous(url: string, address: string): Promise<Session> {
  const jar = new Map<string, string>();
  const headers = { [DEPLOYMENT_ROLE_HEADER]: DEFAULT_DEPLOYMENT_ROLE, 'x-forwarded-for': address };
  const response = await fetch(`${url}/api/auth/me`, { headers });
  await response.arrayBuffer();
  cookiesOf(response, jar);
  const token = jar.get(XSRF_COOKIE);
  if (!token) throw new Error('no anti-forgery token from /api/auth/me');
  return {
    cookie: cookieHeader(jar),
    headers: { ...headers, [XSRF_HEADER]: decodeURIComponent(token), cookie: cookieHeader(jar) },
  };
}

/** Signs in through the real API, as the web app does: cookie + X-XSRF-TOKEN + X-Role. */
export async function signIn(
  url: string,
  email: string,
  password: string,
  address: string,
): Promise<Session> {
  const before = await anonymous(url, address);
  const jar = new Map(before.cookie.split('; ').map((pair) => pair.split('=') as [string, string]));
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { ...before.headers, cookie: cookieHeader(jar), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, { challenge?: string } | undefined>;
    if (response.status !== 200) throw new Error(`${path} of ${email}: HTTP ${response.status}`);
    cookiesOf(response, jar);
    return answer;
  };
  const answer = await post('/auth/sign-in', { email, password });
  // Staff (the big agency) set up two-factor sign-in at their first sign-in (docs/SECURITY.md).
  const setupChallenge = answer.secondFactorSetup?.challenge;
  if (setupChallenge) {
    const { secret } = (await post('/auth/sign-in/two-factor-setup', {
      challenge: setupChallenge,
    })) as unknown as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    await post('/auth/sign-in/two-factor-confirm', { challenge: setupChallenge, code });
  } else if (answer.secondFactor) {
    throw new Error(`${email} has two-factor sign-in on: the benchmark does not know its secret`);
  }
  const token = jar.get(XSRF_COOKIE);
  if (!token) throw new Error('no anti-forgery token after sign-in');
  return {
    cookie: cookieHeader(jar),
    headers: {
      [DEPLOYMENT_ROLE_HEADER]: DEFAULT_DEPLOYMENT_ROLE,
      'x-forwarded-for': address,
      [XSRF_HEADER]: decodeURIComponent(token),
      cookie: cookieHeader(jar),
    },
  };
}
