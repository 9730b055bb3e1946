import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@server/config';

/** Name of the generated key file in DATA_DIR. */
export const ENCRYPTION_KEY_FILE = 'encryption.key';

export class EncryptionKeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EncryptionKeyError';
  }
}

/**
 * The 32-byte key for secrets at rest (lib/crypto/secret-box.ts):
 * - ENCRYPTION_KEY when configured (base64, validated by loadConfig);
 * - otherwise DATA_DIR/encryption.key, generated on first start with mode 0600 and kept.
 *
 * In production with DATABASE_URL a configured key is required: several instances share that
 * database, and each would otherwise generate its own key and fail to read the others' secrets.
 * Losing the key makes every stored secret unreadable (users re-verify their accounts, merchant
 * secrets are entered again), so back it up with the database.
 */
export async function loadEncryptionKey(
  config: Pick<Config, 'encryptionKey' | 'dataDir' | 'nodeEnv' | 'databaseUrl'>,
): Promise<Buffer> {
  if (config.encryptionKey) {
    if (config.encryptionKey.length !== 32) {
      throw new EncryptionKeyError('ENCRYPTION_KEY must be base64 of exactly 32 bytes.');
    }
    return config.encryptionKey;
  }
  if (config.nodeEnv === 'production' && config.databaseUrl) {
    throw new EncryptionKeyError(
      'ENCRYPTION_KEY is required in production with DATABASE_URL: every instance must use the ' +
        'same key. Generate one with `openssl rand -base64 32` and give it to all instances.',
    );
  }
  return readOrCreateKeyFile(join(config.dataDir, ENCRYPTION_KEY_FILE));
}

async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;

  // Written in full under a unique name, then linked into place: link() fails if the file
  // exists, so of two instances starting at once exactly one key wins and nobody ever reads a
  // half-written file. The loser reads the winner's key.
  const dir = join(file, '..');
  await mkdir(dir, { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, `${randomBytes(32).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    await link(partial, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
  const created = await readKeyFile(file);
  if (!created) throw new EncryptionKeyError(`Could not create the encryption key at ${file}.`);
  return created;
}

/** The key in the file, undefined when there is no file; throws when the file is not a key. */
async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EncryptionKeyError(`Cannot read the encryption key at ${file}.`, { cause: error });
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]{43}=$/.test(text.trim())) {
    // Never replaced: a new key would make every secret already stored unreadable.
    throw new EncryptionKeyError(
      `${file} is not a valid encryption key (base64 of 32 bytes). Restore it from a backup; ` +
        'do not delete it unless the secrets it protects may be lost.',
    );
  }
  return key;
}
