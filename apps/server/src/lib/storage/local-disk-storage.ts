import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';
import {
  assertStorageKey,
  isStorageKey,
  type FileStorage,
  type StorageArea,
  type StoredEntry,
  type StoredFile,
} from './file-storage';

const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Files on the local disk under one root folder (`config.uploadsDir`, normally DATA_DIR/uploads).
 * Good for one server or several sharing a network folder; use an S3-compatible store when
 * instances do not share a disk.
 *
 * - A key maps to `root/<key>`; keys are checked (see file-storage.ts) and the resolved path is
 *   checked again to be inside the root, so no input can reach another path.
 * - Writes go to a temporary file in the target folder, are flushed to disk, then renamed into
 *   place: a reader sees the whole file or none, also after a crash.
 * - Folders are created as needed, readable by the server's user only (0700), files 0600.
 * - The content type is not kept here: the database row that names the key records it.
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const folder = dirname(target);
    await mkdir(folder, { recursive: true, mode: DIRECTORY_MODE });
    const temporary = join(folder, `.tmp-${randomBytes(12).toString('hex')}`);
    let renamed = false;
    try {
      const handle = await open(temporary, 'wx', FILE_MODE);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      renamed = true;
    } finally {
      if (!renamed) await unlink(temporary).catch(() => undefined);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    let handle;
    try {
      // O_NOFOLLOW: a symbolic link planted in the store is never followed.
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream({ autoClose: true }), sizeBytes: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(area: StorageArea): AsyncIterable<StoredEntry> {
    const folder = join(this.root, area);
    let entries;
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      // Plain files only: temporaries of a write in progress (.tmp-*) and links are not keys.
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!isStorageKey(key)) continue;
      try {
        yield { key, storedAt: (await lstat(join(entry.parentPath, entry.name))).mtime };
      } catch (error) {
        // Deleted since the folder was read: nothing to list.
        if (!isMissing(error)) throw error;
      }
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    const inside = relative(this.root, path);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
      throw new Error('A storage key resolved outside the storage root.');
    }
    return path;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
