import type { IncomingHttpHeaders } from 'node:http';
import { buffer } from 'node:stream/consumers';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { vi } from 'vitest';
import type { ObjectStorageLocation } from '@server/lib/storage/storage-url';
import { makeTempDir } from './helpers';

/** s3rver's one account: its access key and secret are both this. */
const S3RVER_CREDENTIAL = 'S3RVER';

/**
 * A real S3 protocol server (s3rver) on loopback, on a free port, keeping its objects in a
 * temporary folder, with one bucket. The portal reaches it as it would any S3-compatible store:
 * `location` is what STORAGE_URL gives, and the credentials are put where the AWS SDK's chain
 * finds them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). `close()` stops it and removes its folder.
 *
 * `client` looks into the bucket behind the portal's back; `requests` holds the method, key and
 * headers of every request the store received, so tests see what the portal asked for.
 */
export interface TestObjectStore {
  location: ObjectStorageLocation;
  /** The same as a STORAGE_URL value. */
  url: string;
  client: S3Client;
  requests: { method: string; key: string; headers: IncomingHttpHeaders }[];
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  /** Puts an object the portal did not make (under any key). */
  plant(key: string, body: string): Promise<void>;
  close(): Promise<void>;
}

export async function startObjectStore(bucket = 'portal-documents'): Promise<TestObjectStore> {
  const folder = await makeTempDir('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder.path,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: TestObjectStore['requests'] = [];
  server.httpServer.on('request', (request) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://store').pathname);
    requests.push({
      method: request.method ?? '',
      key: path.replace(`/${bucket}/`, ''),
      headers: request.headers,
    });
  });
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIAL);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIAL);

  const endpoint = `http://127.0.0.1:${port}`;
  const location = { bucket, region: 'ap-northeast-2', endpoint, forcePathStyle: true };
  const client = new S3Client({
    region: location.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_CREDENTIAL, secretAccessKey: S3RVER_CREDENTIAL },
  });
  return {
    location,
    url: `s3://${bucket}?endpoint=${endpoint}&region=${location.region}&forcePathStyle=true`,
    client,
    requests,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return buffer(object.Body as NodeJS.ReadableStream);
    },
    async plant(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      vi.unstubAllEnvs();
      await server.close();
      await folder.remove();
    },
  };
}
