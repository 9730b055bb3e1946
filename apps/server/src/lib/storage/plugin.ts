import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept; see lib/storage/file-storage.ts. */
    storage: FileStorage;
  }
}

export interface StoragePluginOptions {
  /** A store to use instead of the configured one (tests, or another backend). */
  storage?: FileStorage;
}

/**
 * Decorates the app with `app.storage`: by default files on local disk under
 * `config.uploadsDir` (DATA_DIR/uploads).
 *
 * To keep files in an S3-compatible bucket instead (several instances without a shared disk),
 * write a class implementing `FileStorage` (put = PutObject with the content type, get =
 * GetObject's body stream and ContentLength, delete = DeleteObject, exists = HeadObject; keys
 * map one to one to object keys), choose it here from configuration, and pass nothing else:
 * routes only use the interface. Keep the bucket private; files are served only through the API,
 * which checks who may read them.
 */
export default fp<StoragePluginOptions>(
  async (app, options) => {
    app.decorate('storage', options.storage ?? new LocalDiskStorage(app.config.uploadsDir));
  },
  { name: 'storage' },
);
