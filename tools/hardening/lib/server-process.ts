import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root and the built server: the hardening runs what production runs. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ENTRY = fileURLToPath(
  new URL('../../../apps/server/dist/server.js', import.meta.url),
);

/** 32 fixed bytes: every instance of one test must share the key secrets are encrypted with. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export interface ServerOptions {
  port: number;
  /** Unset: embedded PostgreSQL in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Appended to (not replaced) across restarts, so one file tells the whole story. */
  logFile: string;
  env?: Record<string, string>;
}

/**
 * The built server (`node apps/server/dist/server.js`) as a child process, so it can be killed
 * with SIGKILL like a crashed machine and started again on the same port.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(readonly options: ServerOptions) {
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
    }
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** Starts the process and waits until /api/ready answers 200 (migrations done, database up). */
  async start(timeoutMs = 60_000): Promise<void> {
    const log = createWriteStream(this.options.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(this.options.port),
        DATA_DIR: this.options.dataDir,
        DATABASE_URL: this.options.databaseUrl ?? '',
        DEMO_DATA: 'false',
        // The fixtures' merchants are sandbox ones, off by default in production.
        SANDBOX_MERCHANTS: 'true',
        ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        // The load comes from loopback; X-Forwarded-For tells one simulated person from another,
        // as a reverse proxy would, so the sign-in limit per address counts people, not the test.
        TRUST_PROXY: 'loopback',
        // Clients retry for as long as an outage lasts with the payload (and so the quote) they
        // first sent; the hour keeps an old quote from turning a retry into a refusal.
        QUOTE_MAX_AGE_SECONDS: '3600',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`server exited with ${child.exitCode}; see ${this.options.logFile}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/ready`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server not ready after ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests die mid-way. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** SIGTERM: the server's own graceful shutdown (closes the database cleanly). */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await this.exited;
    this.child = undefined;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
