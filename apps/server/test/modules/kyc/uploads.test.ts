import { DEFAULT_DEPLOYMENT_ROLE } from '@portal/contract/http';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { MAX_KYC_FILE_BYTES, kycDocumentSchema, type KycDocument } from '@portal/contract/kyc';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEvents, kycDocuments, users } from '@server/db/schema';
import { PROCESSING_TIMEOUT_SECONDS } from '@server/modules/kyc/file-content';
import {
  MINIMAL_PDF,
  filesUnder,
  gif,
  kycTestKit,
  multipartBody,
  phoneJpeg,
  pixelFloodPng,
  png,
  pngClaiming,
  upload,
  uploadRaw,
  webp,
  type KycTestKit,
  type Person,
} from './kyc-test-kit';

let kit: KycTestKit;
beforeAll(async () => {
  kit = await kycTestKit();
});
afterAll(() => kit.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const STORED_KEY = /^kyc\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function storedKeysOf(person: Person): Promise<string[]> {
  const rows = await kit.app.db
    .select({ key: kycDocuments.storageKey })
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, person.id));
  return rows.map((row) => row.key).sort();
}

/** The person's files on disk: exactly those their rows name. */
async function filesOf(person: Person): Promise<string[]> {
  const keys = await storedKeysOf(person);
  const onDisk = await filesUnder(kit.uploadsDir);
  return onDisk.filter((file) => keys.includes(file));
}

async function download(person: Person, document: KycDocument) {
  return person.browser.get(`/api/kyc/documents/${document.id}/file`);
}

describe('accepted uploads', () => {
  it('re-encodes a JPEG upright, without EXIF, GPS or ICC profile, and serves it back', async () => {
    const person = await kit.person();
    const original = await phoneJpeg(200, 100);
    const response = await upload(person.browser, 'id_front', {
      data: original,
      filename: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(201);
    const document = kycDocumentSchema.parse(response.json());
    expect(document).toMatchObject({
      kind: 'id_front',
      status: 'submitted',
      contentType: 'image/jpeg',
      reviewedAt: null,
      rejectionReason: null,
    });

    const file = await download(person, document);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('attachment; filename="id_front.jpg"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const stored = file.rawPayload;
    expect(stored.length).toBe(document.sizeBytes);
    expect(Number(file.headers['content-length'])).toBe(document.sizeBytes);

    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    // Orientation 6 (rotate 90°) applied to the pixels: 200x100 became 100x200.
    expect([metadata.width, metadata.height]).toEqual([100, 200]);
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
    expect(stored.includes('secret-copyright')).toBe(false);

    // What is on disk is what was served, under a generated key, readable by the server only.
    const [key] = await storedKeysOf(person);
    expect(key).toMatch(STORED_KEY);
    const onDisk = await readFile(join(kit.uploadsDir, key!));
    expect(onDisk.equals(stored)).toBe(true);
    const { mode } = await stat(join(kit.uploadsDir, key!));
    expect(mode & 0o777).toBe(0o600);

    const [audit] = await kit.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'kyc_uploaded'), eq(auditEvents.actorUserId, person.id)));
    expect(audit?.details).toMatchObject({ documentId: document.id, kind: 'id_front' });
  });

  it.each([
    ['PNG', 'image/png', png, 'selfie', 'png'],
    ['WebP', 'image/webp', webp, 'id_back', 'webp'],
  ] as const)(
    're-encodes a %s as the same format without metadata',
    async (_, type, make, kind, ext) => {
      const person = await kit.person();
      const response = await upload(person.browser, kind, {
        data: await make(),
        filename: `photo.${ext}`,
        // The declared type is ignored either way.
        contentType: 'application/octet-stream',
      });
      expect(response.statusCode).toBe(201);
      const document = kycDocumentSchema.parse(response.json());
      expect(document.contentType).toBe(type);
      const file = await download(person, document);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${kind}.${ext}"`);
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.format).toBe(ext);
      expect(metadata.exif).toBeUndefined();
      expect(file.rawPayload.includes('SpyCam')).toBe(false);
    },
  );

  it('shrinks images to at most 4000 pixels a side', async () => {
    const person = await kit.person();
    const big = await sharp({
      create: { width: 5000, height: 1000, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const response = await upload(person.browser, 'bank_book', {
      data: big,
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    const file = await download(person, response.json());
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([4000, 800]);
  });

  it('stores a bank book PDF exactly as received', async () => {
    const person = await kit.person();
    const response = await upload(person.browser, 'bank_book', {
      data: MINIMAL_PDF,
      filename: 'bankbook.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
    const document = kycDocumentSchema.parse(response.json());
    expect(document).toMatchObject({
      contentType: 'application/pdf',
      sizeBytes: MINIMAL_PDF.length,
    });
    const file = await download(person, document);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="bank_book.pdf"');
    expect(file.rawPayload.equals(MINIMAL_PDF)).toBe(true);
  });

  it('ignores path tricks in the file name', async () => {
    const person = await kit.person();
    const before = await filesUnder(kit.uploadsDir);
    for (const filename of [
      '../../../etc/passwd',
      '..\\..\\boot.ini',
      '/etc/shadow',
      '....//x.jpg',
    ]) {
      const response = await upload(person.browser, 'selfie', {
        data: await phoneJpeg(),
        filename,
        contentType: 'image/jpeg',
      });
      expect(response.statusCode).toBe(201);
    }
    const after = await filesUnder(kit.uploadsDir);
    // Each upload replaced the last: one new file, under a generated key, inside the folder.
    const added = after.filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(STORED_KEY);
    expect(await storedKeysOf(person)).toEqual(added);
  });

  it('replaces a submitted document and deletes its file', async () => {
    const person = await kit.person();
    const first = await upload(person.browser, 'id_back', { data: await png() });
    const firstKeys = await storedKeysOf(person);
    const second = await upload(person.browser, 'id_back', { data: await webp() });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);

    const list = await person.browser.get('/api/kyc/documents');
    expect(list.json().documents.id_back).toMatchObject({
      id: second.json().id,
      contentType: 'image/webp',
    });
    const keys = await storedKeysOf(person);
    expect(keys).toHaveLength(1);
    expect(keys).not.toEqual(firstKeys);
    expect(await filesUnder(kit.uploadsDir)).not.toContain(firstKeys[0]);
    expect(await filesOf(person)).toEqual(keys);
    expect(
      (await person.browser.get(`/api/kyc/documents/${first.json().id}/file`)).statusCode,
    ).toBe(404);
  });

  it('keeps one current document when two uploads of a kind arrive at once', async () => {
    const person = await kit.person();
    const [a, b] = await Promise.all([
      upload(person.browser, 'selfie', { data: await png() }),
      upload(person.browser, 'selfie', { data: await webp() }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const keys = await storedKeysOf(person);
    expect(keys).toHaveLength(1);
    expect(await filesOf(person)).toEqual(keys);
  });

  it('lists the current document of each kind, null for the rest', async () => {
    const person = await kit.person();
    const uploaded = await upload(person.browser, 'bank_book', { data: MINIMAL_PDF });
    const list = await person.browser.get('/api/kyc/documents');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      documents: { id_front: null, id_back: null, selfie: null, bank_book: uploaded.json() },
    });
  });
});

describe('refused uploads write nothing', () => {
  let person: Person;
  let filesBefore: string[];
  beforeAll(async () => {
    person = await kit.person();
  });
  // Tests in a file run one after another, so any new file in the store would be from this one.
  beforeEach(async () => {
    filesBefore = await filesUnder(kit.uploadsDir);
  });

  async function expectNothingStored() {
    expect(await storedKeysOf(person)).toEqual([]);
    expect(await filesUnder(kit.uploadsDir)).toEqual(filesBefore);
    const list = await person.browser.get('/api/kyc/documents');
    expect(list.json()).toEqual({
      documents: { id_front: null, id_back: null, selfie: null, bank_book: null },
    });
  }

  async function refused(
    response: { statusCode: number; json: () => { error: { code: string } } },
    status: number,
    code: string,
  ) {
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    await expectNothingStored();
  }

  it.each([
    [
      'a shell script named .jpg',
      'id_front',
      '#!/bin/sh\nrm -rf / --no-preserve-root\n',
      'evil.jpg',
      'image/jpeg',
    ],
    [
      'an SVG image',
      'selfie',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      'face.svg',
      'image/svg+xml',
    ],
    [
      'an SVG sent as PNG',
      'selfie',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      'face.png',
      'image/png',
    ],
    [
      'HTML sent as PNG',
      'id_front',
      '<!doctype html><script>alert(document.cookie)</script>',
      'id.png',
      'image/png',
    ],
    ['plain text', 'bank_book', 'account 123-456-789', 'bank.txt', 'text/plain'],
    ['a PDF as a selfie', 'selfie', MINIMAL_PDF, 'selfie.pdf', 'application/pdf'],
    ['a PDF as an ID card', 'id_front', MINIMAL_PDF, 'id.pdf', 'application/pdf'],
    [
      'a JPEG header followed by garbage',
      'id_back',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]),
      'x.jpg',
      'image/jpeg',
    ],
    [
      'a WebP header followed by HTML',
      'id_back',
      Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP<html><script>1</script>'),
      'x.webp',
      'image/webp',
    ],
  ])('refuses %s with 415', async (_, kind, data, filename, contentType) => {
    const response = await upload(person.browser, kind, { data, filename, contentType });
    await refused(response, 415, 'FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a GIF with 415', async () => {
    const response = await upload(person.browser, 'selfie', {
      data: await gif(),
      filename: 'a.gif',
      contentType: 'image/gif',
    });
    await refused(response, 415, 'FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses an image that claims an absurd number of pixels with 422, from its header', async () => {
    const response = await upload(person.browser, 'selfie', {
      data: pngClaiming(30_000, 30_000),
      contentType: 'image/png',
    });
    await refused(response, 422, 'IMAGE_TOO_LARGE');
  });

  it('refuses the pixel flood (7700x7700 interlaced 16-bit RGBA) with 422 IMAGE_TOO_LARGE', async () => {
    const decode = vi.spyOn(sharp.prototype, 'toBuffer');
    const response = await upload(person.browser, 'id_front', {
      data: pixelFloodPng(),
      filename: 'flood.png',
      contentType: 'image/png',
    });
    await refused(response, 422, 'IMAGE_TOO_LARGE');
    expect(response.json().error.message).toBe(
      'This image is too large to process. Send a smaller photo.',
    );
    // Refused from its header: not one pixel was decoded.
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses an empty file and a form without a file with FILE_REQUIRED', async () => {
    await refused(
      await upload(person.browser, 'selfie', { data: Buffer.alloc(0) }),
      400,
      'FILE_REQUIRED',
    );
    await refused(
      await uploadRaw(person.browser, 'selfie', multipartBody([])),
      400,
      'FILE_REQUIRED',
    );
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await phoneJpeg(), Buffer.alloc(MAX_KYC_FILE_BYTES + 1024 * 1024)]);
    await refused(
      await upload(person.browser, 'id_front', { data: big }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('refuses two files, extra fields, or a file under another name with 400', async () => {
    const jpeg = await phoneJpeg();
    const twoFiles = multipartBody([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    await refused(await uploadRaw(person.browser, 'id_front', twoFiles), 400, 'BAD_REQUEST');

    const fieldFirst = multipartBody([
      { name: 'note', data: 'hello' },
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    await refused(await uploadRaw(person.browser, 'id_front', fieldFirst), 400, 'BAD_REQUEST');

    const fieldAfter = multipartBody([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'note', data: 'hello' },
    ]);
    await refused(await uploadRaw(person.browser, 'id_front', fieldAfter), 400, 'BAD_REQUEST');

    const otherName = multipartBody([
      { name: 'document', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    await refused(await uploadRaw(person.browser, 'id_front', otherName), 400, 'BAD_REQUEST');

    const prototype = multipartBody([
      { name: '__proto__', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    expect((await uploadRaw(person.browser, 'id_front', prototype)).statusCode).toBe(400);
    await expectNothingStored();
  });

  it('refuses bodies that are not multipart, or broken multipart', async () => {
    const json = await person.browser.post('/api/kyc/documents/selfie', { file: 'aGVsbG8=' });
    await refused(json, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const text = await person.browser.post('/api/kyc/documents/selfie', undefined, {
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);

    const noBoundary = await person.browser.post('/api/kyc/documents/selfie', undefined, {
      payload: 'whatever',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);

    const body = multipartBody([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await phoneJpeg() },
    ]);
    const cut = {
      payload: body.payload.subarray(0, body.payload.length - 60),
      headers: body.headers,
    };
    expect((await uploadRaw(person.browser, 'selfie', cut)).statusCode).toBe(400);
    await expectNothingStored();
  });

  it('refuses an unknown kind or a path in the kind with 400', async () => {
    const jpeg = await phoneJpeg();
    for (const kind of ['passport', '..%2F..%2Fetc', 'ID_FRONT', '']) {
      const response = await upload(person.browser, kind, {
        data: jpeg,
        contentType: 'image/jpeg',
      });
      expect([400, 404]).toContain(response.statusCode);
      if (kind !== '') expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    await expectNothingStored();
  });

  it('refuses uploads without the anti-forgery token or a session', async () => {
    const jpeg = await phoneJpeg();
    const body = multipartBody([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const noToken = await person.browser.post('/api/kyc/documents/selfie', undefined, {
      ...body,
      withoutXsrf: true,
    });
    expect(noToken.statusCode).toBe(403);
    const anonymous = await kit.anonymous();
    const signedOut = await uploadRaw(anonymous, 'selfie', body);
    expect(signedOut.statusCode).toBe(401);
    await expectNothingStored();
  });
});

describe('limits', () => {
  it('allows 30 uploads a minute per person', async () => {
    const busy = await kit.person();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await upload(busy.browser, 'bank_book', { data: MINIMAL_PDF })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Counted per person, not per address: someone else on the same address is unaffected.
    const neighbour = await kit.person();
    expect((await upload(neighbour.browser, 'bank_book', { data: MINIMAL_PDF })).statusCode).toBe(
      201,
    );
  });

  it('lets a person have two uploads in flight: a third is refused at once, then slots come back', async () => {
    const person = await kit.person();
    const neighbour = await kit.person();
    const storage = kit.app.storage;
    const put = storage.put.bind(storage);
    const held = gate();
    const bothInFlight = gate();
    let arrived = 0;
    const holdPut: typeof storage.put = async (key, bytes, contentType) => {
      arrived += 1;
      if (arrived === 2) bothInFlight.open();
      await held.opened;
      return put(key, bytes, contentType);
    };
    vi.spyOn(storage, 'put').mockImplementationOnce(holdPut).mockImplementationOnce(holdPut);

    const first = upload(person.browser, 'id_front', { data: await png() });
    const second = upload(person.browser, 'id_back', { data: await webp() });
    await bothInFlight.opened;
    const third = await upload(person.browser, 'selfie', { data: await png() });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('UPLOADS_BUSY');
    expect(third.headers['retry-after']).toBe('5');
    // Counted per person: someone else uploads meanwhile.
    expect((await upload(neighbour.browser, 'selfie', { data: await png() })).statusCode).toBe(201);

    held.open();
    expect([(await first).statusCode, (await second).statusCode]).toEqual([201, 201]);
    expect(kit.app.identityUploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
    expect((await upload(person.browser, 'selfie', { data: await png() })).statusCode).toBe(201);
  });

  it('gives the slots back after refusals, failures and a client that left mid-upload', async () => {
    const person = await kit.person();
    // More of each than a person may have at once: each one's slot came back.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const flood = await upload(person.browser, 'selfie', { data: pixelFloodPng() });
      expect(flood.json().error.code).toBe('IMAGE_TOO_LARGE');
      const notImage = await upload(person.browser, 'selfie', { data: 'not an image' });
      expect(notImage.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
      vi.spyOn(kit.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
      expect((await upload(person.browser, 'selfie', { data: await png() })).statusCode).toBe(500);
    }

    // The connection breaks halfway through the body.
    const body = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    const stream = new PassThrough();
    const cut = person.browser.post('/api/kyc/documents/selfie', undefined, {
      payload: stream,
      headers: body.headers,
    });
    stream.write(body.payload.subarray(0, 100));
    await vi.waitFor(() => expect(kit.app.identityUploads.inFlight().uploads).toBe(1));
    stream.destroy(new Error('connection reset'));
    await cut.catch(() => undefined);
    await vi.waitFor(() =>
      expect(kit.app.identityUploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 }),
    );

    expect((await upload(person.browser, 'selfie', { data: await png() })).statusCode).toBe(201);
  });

  it('decodes two images at once on an instance: a third waits its turn, then goes through', async () => {
    const people = [await kit.person(), await kit.person(), await kit.person()];
    const image = await png();
    const real = sharp.prototype.toBuffer;
    const held = gate();
    const holdDecoding = async function (this: ReturnType<typeof sharp>) {
      await held.opened;
      return real.call(this);
    };
    vi.spyOn(sharp.prototype, 'toBuffer')
      .mockImplementationOnce(holdDecoding)
      .mockImplementationOnce(holdDecoding);

    const responses = people.map((person) => upload(person.browser, 'selfie', { data: image }));
    await vi.waitFor(() =>
      expect(kit.app.identityUploads.inFlight()).toEqual({ uploads: 3, images: 2, waiting: 1 }),
    );
    held.open();
    expect((await Promise.all(responses)).map((response) => response.statusCode)).toEqual([
      201, 201, 201,
    ]);
    expect(kit.app.identityUploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
  });

  it('answers HEAD on a file with its headers only', async () => {
    const person = await kit.person();
    const document = (await upload(person.browser, 'bank_book', { data: MINIMAL_PDF })).json();
    const response = await person.browser.request('GET', `/api/kyc/documents/${document.id}/file`);
    expect(response.statusCode).toBe(200);
    const head = await kit.app.inject({
      method: 'HEAD',
      url: `/api/kyc/documents/${document.id}/file`,
      headers: {
        'x-role': DEFAULT_DEPLOYMENT_ROLE,
        cookie: [...person.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.body).toBe('');
  });
});

describe('failures leave nothing half-written', () => {
  it('answers a processing timeout as IMAGE_PROCESSING_TIMEOUT, not as a wrong file type', async () => {
    const person = await kit.person();
    const image = await png();
    const uploads = kit.app.identityUploads;
    const timeout = vi.spyOn(sharp.prototype, 'timeout');
    // What sharp rejects with when libvips gives up on a pipeline at its timeout.
    vi.spyOn(sharp.prototype, 'toBuffer').mockRejectedValueOnce(
      new Error(
        'timeout: 24% complete\nVipsImage: killed for image "temp-33"\nvips2png: unable to write to target target',
      ),
    );
    uploads.timeoutSeconds = 1;
    let response;
    try {
      response = await upload(person.browser, 'selfie', { data: image });
    } finally {
      uploads.timeoutSeconds = PROCESSING_TIMEOUT_SECONDS;
    }
    expect(timeout).toHaveBeenCalledWith({ seconds: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'IMAGE_PROCESSING_TIMEOUT',
      message:
        'This image took too long to process. Send a smaller photo, or save it as JPEG and send it again.',
    });
    expect(await storedKeysOf(person)).toEqual([]);
    expect(uploads.inFlight()).toEqual({ uploads: 0, images: 0, waiting: 0 });
  });

  it('stores no row when storing the file fails', async () => {
    const person = await kit.person();
    vi.spyOn(kit.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const response = await upload(person.browser, 'selfie', { data: await png() });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('disk full');
    expect(await storedKeysOf(person)).toEqual([]);
  });

  it('removes the stored file when the row cannot be written', async () => {
    const person = await kit.person();
    const storage = kit.app.storage;
    const put = storage.put.bind(storage);
    let storedKey: string | undefined;
    vi.spyOn(storage, 'put').mockImplementationOnce(async (key, bytes, contentType) => {
      await put(key, bytes, contentType);
      storedKey = key;
      // The user disappears between storing the file and writing its row: the insert fails.
      await kit.app.db.delete(users).where(eq(users.id, person.id));
    });
    const response = await upload(person.browser, 'selfie', { data: await png() });
    expect(response.statusCode).toBe(500);
    expect(storedKey).toMatch(STORED_KEY);
    expect(await kit.app.storage.exists(storedKey!)).toBe(false);
    expect(await filesUnder(kit.uploadsDir)).not.toContain(storedKey);
  });
});
