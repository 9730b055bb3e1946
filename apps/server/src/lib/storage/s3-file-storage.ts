import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  isStorageKey,
  type FileStorage,
  type StorageArea,
  type StoredEntry,
  type StoredFile,
} from './file-storage';
import type { ObjectStorageLocation } from './storage-url';

/**
 * Files as objects in an S3-compatible bucket (STORAGE_URL, docs/decisions/030), so that every
 * instance reads what any other stored.
 *
 * - A key is the object's key, one to one; keys are checked as LocalDiskStorage checks them.
 * - Every put asks for server-side encryption with the store's own keys (SSE-S3, `AES256`).
 * - The bucket stays private: nothing here makes a public or presigned link. Files reach people
 *   only as a stream through the API, after its access checks (modules/kyc/routes.ts).
 * - A put is one PutObject: the store shows the whole object or none.
 * - Credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a
 *   profile, or the instance's role); the SDK signs and retries.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(location: ObjectStorageLocation) {
    this.bucket = location.bucket;
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
    });
  }

  /** Throws unless the bucket answers with these credentials: checked once at start. */
  async checkReachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        ServerSideEncryption: 'AES256',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      // In Node.js the SDK's body is the HTTP response itself, a Readable.
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
        throw new Error('The store answered an object without a readable body and size.');
      }
      return { body: object.Body, sizeBytes: object.ContentLength };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 whether or not the object was there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(area: StorageArea): AsyncIterable<StoredEntry> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: `${area}/` },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || !isStorageKey(object.Key)) continue;
        if (object.LastModified === undefined) continue;
        yield { key: object.Key, storedAt: object.LastModified };
      }
    }
  }

  /** Closes the client's connections (app close). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  // By name only: a missing bucket is also a 404, and must not pass for a missing file.
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}
