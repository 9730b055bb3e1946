/**
 * STORAGE_URL: where identity documents are kept when not on local disk (docs/decisions/030).
 *
 *   s3://BUCKET[?endpoint=URL][&region=REGION][&forcePathStyle=true|false]
 *
 * - BUCKET: an S3 bucket name (3 to 63 lower-case letters, digits, dots and dashes, starting and
 *   ending with a letter or digit). Nothing after it: no path, no port, no fragment.
 * - endpoint: the http:// or https:// origin of an S3-compatible store (MinIO, Ceph, s3rver...).
 *   Absent: Amazon S3 itself, found by region. In production only https://, or http:// to a
 *   loopback address, so documents never cross a network in the clear.
 * - region: the store's region; absent, AWS_REGION from the environment; one of them is needed.
 * - forcePathStyle: `true` addresses the bucket in the path (`endpoint/BUCKET/key`), which most
 *   S3-compatible stores need; default `false` (`BUCKET.endpoint/key`, as Amazon S3 prefers).
 *
 * Credentials are never in the URL: the AWS SDK's own chain finds them (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, or a profile or the instance's role).
 */
export interface ObjectStorageLocation {
  bucket: string;
  region: string;
  /** An origin without a trailing slash; undefined: Amazon S3. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

const PARAMETERS = ['endpoint', 'region', 'forcePathStyle'] as const;
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The location STORAGE_URL names, or the reason it names none (for the startup message). */
export function parseStorageUrl(
  value: string,
  environment: { awsRegion: string | undefined; production: boolean },
): ObjectStorageLocation | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an s3://bucket URL' };
  }
  if (url.protocol !== 's3:') return { problem: 'must be an s3://bucket URL' };
  if (url.username !== '' || url.password !== '') {
    return {
      problem:
        'must not carry credentials: they come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    };
  }
  const bucket = url.hostname;
  if (!BUCKET_PATTERN.test(bucket) || bucket.includes('..') || url.port !== '') {
    return {
      problem:
        'must name a bucket of 3 to 63 lower-case letters, digits, dots and dashes (s3://bucket)',
    };
  }
  if ((url.pathname !== '' && url.pathname !== '/') || url.hash !== '') {
    return { problem: 'must name only a bucket, with no path after it' };
  }

  const parameters = new Map<string, string>();
  for (const [name, parameter] of url.searchParams) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      return { problem: `has an unknown parameter "${name}" (known: ${PARAMETERS.join(', ')})` };
    }
    if (parameters.has(name)) return { problem: `gives "${name}" twice` };
    parameters.set(name, parameter);
  }

  const endpointValue = parameters.get('endpoint');
  let endpoint: string | undefined;
  if (endpointValue !== undefined) {
    endpoint = originOf(endpointValue);
    if (endpoint === undefined) {
      return { problem: 'endpoint must be an http:// or https:// origin, without credentials' };
    }
    if (environment.production && endpoint.startsWith('http:') && !isLoopback(endpoint)) {
      return { problem: 'endpoint must be https:// in production (http:// only to loopback)' };
    }
  }

  const region = parameters.get('region') ?? environment.awsRegion;
  if (region === undefined) {
    return { problem: 'needs a region: add region=... to it, or set AWS_REGION' };
  }
  if (!REGION_PATTERN.test(region)) {
    return { problem: 'region must be a region name such as ap-northeast-2' };
  }

  const pathStyle = parameters.get('forcePathStyle') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    return { problem: 'forcePathStyle must be true or false' };
  }
  return { bucket, region, endpoint, forcePathStyle: pathStyle === 'true' };
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const plain =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === '' &&
      (url.pathname === '/' || url.pathname === '');
    return plain ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function isLoopback(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}
