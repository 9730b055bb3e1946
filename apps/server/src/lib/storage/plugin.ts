import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3FileStorage } from './s3-file-storage';

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
 * Decorates the app with `app.storage`, chosen by STORAGE_URL (docs/decisions/030): unset, files
 * on local disk under `config.uploadsDir` (DATA_DIR/uploads); `s3://bucket?...`, objects in an
 * S3-compatible bucket, which every instance shares. Routes only use the interface.
 *
 * The bucket is asked for once at start (HeadBucket), so a wrong endpoint, bucket or credentials
 * stop the server instead of failing the first upload. It stays private: files are served only
 * through the API, which checks who may read them.
 */
export default fp<StoragePluginOptions>(
  async (app, options) => {
    let storage = options.storage;
    const location = app.config.objectStorage;
    if (!storage && location) {
      const bucket = new S3FileStorage(location);
      app.addHook('onClose', async () => bucket.close());
      try {
        await bucket.checkReachable();
      } catch (error) {
        throw new Error(
          `STORAGE_URL: bucket "${location.bucket}" did not answer at ${location.endpoint ?? `Amazon S3 (${location.region})`}: check the URL and AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY`,
          { cause: error },
        );
      }
      app.log.info(
        { bucket: location.bucket, endpoint: location.endpoint ?? 'Amazon S3' },
        'identity documents in object storage',
      );
      storage = bucket;
    }
    app.decorate('storage', storage ?? new LocalDiskStorage(app.config.uploadsDir));
  },
  { name: 'storage' },
);
