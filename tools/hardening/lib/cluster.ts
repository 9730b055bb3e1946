import { execFile, spawnSync } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries, unless PG_BIN names another folder. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const running = new Set<ThrowawayCluster>();
// A run cut short (a failed hook, Ctrl-C) must not leave a postmaster behind on the machine.
process.once('exit', () => {
  for (const cluster of running) cluster.stopNow();
});

/**
 * A throwaway PostgreSQL cluster of our own, in a temporary folder on a free port, so the crash
 * tests can stop it hard without touching the shared cluster on 5432 (or anyone's databases).
 * initdb refuses to run as root, so as root (CI) the cluster's programs run as `postgres`.
 */
export class ThrowawayCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string | undefined,
  ) {}

  static async create(label: string): Promise<ThrowawayCluster> {
    const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
    const dir = await mkdtemp(join(tmpdir(), `portal-${label}-`));
    if (asUser) {
      const { stdout } = await run('id', ['-u', asUser]);
      const { stdout: group } = await run('id', ['-g', asUser]);
      await chown(dir, Number(stdout.trim()), Number(group.trim()));
    }
    await chmod(dir, 0o700);
    const cluster = new ThrowawayCluster(dir, await freePort(), asUser);
    running.add(cluster);
    await cluster.pg('initdb', [
      '-D',
      cluster.dataDir,
      '--auth=trust',
      '--username=postgres',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the postmaster and waits until it accepts connections (crash recovery included). */
  async start(): Promise<void> {
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '120',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -c unix_socket_directories=${this.dir} -c max_connections=200`,
      'start',
    ]);
  }

  /** The hard stop: `-m immediate` ends every backend at once without a checkpoint, as a power
   * cut would; the next start runs crash recovery from the WAL. */
  async stopImmediately(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** Runs one of the cluster's client programs (pg_dump, pg_restore...) as the current user. */
  async client(program: string, args: string[]): Promise<string> {
    const { stdout } = await run(join(PG_BIN, program), args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  }

  async log(): Promise<string> {
    return readFile(join(this.dir, 'postgres.log'), 'utf8').catch(() => '');
  }

  /** Stops the cluster (if running) and removes its folder. */
  async destroy(): Promise<void> {
    running.delete(this);
    await this.stopImmediately().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Synchronous immediate stop, for the exit hook. */
  stopNow(): void {
    const args = ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop'];
    const binary = join(PG_BIN, 'pg_ctl');
    if (this.asUser) spawnSync('runuser', ['-u', this.asUser, '--', binary, ...args]);
    else spawnSync(binary, args);
    spawnSync('rm', ['-rf', this.dir]);
  }

  private async pg(program: string, args: string[]): Promise<void> {
    const binary = join(PG_BIN, program);
    const [command, commandArgs] = this.asUser
      ? ['runuser', ['-u', this.asUser, '--', binary, ...args]]
      : [binary, args];
    await run(command, commandArgs, { cwd: tmpdir() });
  }
}
