import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { UserRole } from '@portal/contract/users';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { agencies, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import { buildTestApp, makeTempDir } from '@test/helpers';

export { BrowserClient, makeTempDir };

/**
 * A test app with its own uploads folder, and people of every role signed in as browsers.
 * People are inserted directly and given a session directly, which is quicker than signing up
 * and in (no password hashing) and never meets the sign-up and sign-in throttles.
 * `close()` removes the people made here (their documents go with them) and the folder, so tests
 * sharing a real PostgreSQL database leave nothing behind.
 */
export interface KycTestKit {
  app: App;
  uploadsDir: string;
  person(options?: PersonOptions): Promise<Person>;
  agency(): Promise<{ id: string; code: string }>;
  anonymous(): Promise<BrowserClient>;
  close(): Promise<void>;
}

export interface PersonOptions {
  role?: UserRole;
  agencyId?: string | null;
  name?: string;
}

export interface Person {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  browser: BrowserClient;
}

export async function kycTestKit(): Promise<KycTestKit> {
  const uploads = await makeTempDir('kyc-uploads');
  const app = await buildTestApp({ uploadsDir: uploads.path });
  await app.ready();
  const userIds: string[] = [];
  const agencyIds: string[] = [];

  return {
    app,
    uploadsDir: uploads.path,
    async person(options = {}) {
      const role = options.role ?? 'client';
      const email = uniqueEmail(`kyc-${role}`);
      const name = options.name ?? `테스트 ${role}`;
      const [row] = await app.db
        .insert(users)
        .values({
          email,
          name,
          phone: '010-1234-5678',
          // Never signs in with a password: the session is made directly below.
          passwordHash: 'no-password',
          role,
          agencyId: options.agencyId ?? null,
          // Email confirmed, as after opening the mailed link: money waits for it (docs/decisions/027).
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user not inserted');
      userIds.push(row.id);

      const { token } = await createSession(
        app.db,
        row.id,
        { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
        { ip: null, userAgent: null },
        // As a sign-in with both factors leaves it (staff need them: docs/SECURITY.md).
        true,
      );
      const browser = new BrowserClient(app);
      browser.cookies.set(SESSION_COOKIE, token);
      const me = await browser.visit();
      if (me.json<{ user: { id: string } | null }>().user?.id !== row.id) {
        throw new Error(`session not accepted: ${me.body}`);
      }
      return { id: row.id, email, name, role, browser };
    },
    async agency() {
      const code = `KYC-${randomBytes(4).toString('hex').toUpperCase()}`;
      const [row] = await app.db
        .insert(agencies)
        .values({ code, name: `Agency ${code}` })
        .returning({ id: agencies.id });
      if (!row) throw new Error('agency not inserted');
      agencyIds.push(row.id);
      return { id: row.id, code };
    },
    async anonymous() {
      const browser = new BrowserClient(app);
      await browser.visit();
      return browser;
    },
    async close() {
      try {
        if (userIds.length > 0) await app.db.delete(users).where(inArray(users.id, userIds));
        if (agencyIds.length > 0) {
          await app.db.delete(agencies).where(inArray(agencies.id, agencyIds));
        }
      } finally {
        await app.close();
        await uploads.remove();
      }
    },
  };
}

/* ------------------------------------------------------------------ multipart bodies */

export interface FormPart {
  name: string;
  /** Present: a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written byte for byte, so tests control every header. */
export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----kyc-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface UploadFile {
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** Uploads one file in the field `file`, as the web app does. */
export function upload(
  browser: BrowserClient,
  kind: string,
  file: UploadFile,
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    {
      name: 'file',
      filename: file.filename ?? 'upload.bin',
      contentType: file.contentType ?? 'application/octet-stream',
      data: file.data,
    },
  ]);
  return uploadRaw(browser, kind, body);
}

export function uploadRaw(
  browser: BrowserClient,
  kind: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return browser.post(`/api/kyc/documents/${kind}`, undefined, {
    payload: body.payload,
    headers: body.headers,
  });
}

/* ------------------------------------------------------------------ files */

/** A small photo as a phone takes it: EXIF (camera, copyright, GPS), rotated by EXIF, P3 ICC. */
export async function phoneJpeg(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .withExif({
      IFD0: { Copyright: 'secret-copyright', Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

export function png(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3c3a' } })
    .withExif({ IFD0: { Make: 'SpyCam' } })
    .png()
    .toBuffer();
}

export function webp(width = 90, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33c' } })
    .withExif({ IFD0: { Make: 'SpyCam' } })
    .webp()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
}

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

export interface PngHeaderOptions {
  /** Bits a sample: 8 or 16. */
  bitDepth?: number;
  /** 2 truecolour (RGB), 6 truecolour with alpha (RGBA). */
  colourType?: number;
  /** Adam7 interlacing. */
  interlaced?: boolean;
}

/** A PNG whose header claims `width` x `height` pixels, with no real image data behind it. */
export function pngClaiming(
  width: number,
  height: number,
  { bitDepth = 8, colourType = 2, interlaced = false }: PngHeaderOptions = {},
): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(colourType, 9);
  header.writeUInt8(0, 10); // deflate
  header.writeUInt8(0, 11); // adaptive filtering
  header.writeUInt8(interlaced ? 1 : 0, 12);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The pixel flood an attack run sent (docs/SECURITY.md "Image uploads"): 7700x7700 interlaced
 * 16-bit RGBA, 474 MB once decoded, which took 461 KB on the wire. Here only its header: it must
 * be refused from the header, so its pixels are never needed.
 */
export function pixelFloodPng(): Buffer {
  return pngClaiming(7700, 7700, { bitDepth: 16, colourType: 6, interlaced: true });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Every file (not folder) under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
