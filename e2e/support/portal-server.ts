import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bank webhook secret of the portal under test: the tests sign deposits with it. */
export const BANK_WEBHOOK_SECRET = 'e2e-bank-webhook-secret-0123456789abcdef';

/**
 * The master key of every portal the browser tests start (base64 of 32 bytes). With DATABASE_URL
 * they share one database, as the instances of one deployment do, so they must share the key that
 * seals its secrets: a portal with a key of its own could not open the authenticator secrets the
 * shared portal's demo data sealed (docs/SECURITY.md "Keys").
 */
const ENCRYPTION_KEY = Buffer.alloc(32, 'e2e-master-key').toString('base64');

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverBundle = join(repoRoot, 'apps/server/dist/server.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface RunningPortal {
  baseURL: string;
  /** Its DATA_DIR, where mail lands as .eml files when no SMTP_URL is set. */
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built portal as users get it (`node apps/server/dist/server.js`) on a free port, on
 * DATABASE_URL when set and otherwise on embedded PostgreSQL in a fresh temporary data folder.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  if (!existsSync(serverBundle) || !existsSync(webIndex)) {
    throw new Error('The portal is not built: run `npm run build` before the browser tests.');
  }
  // A test that must know the address before the portal starts (its PUBLIC_URL) picks the port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The portal did not become ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
