import { KYC_ALLOWED_TYPES, type KycDocumentKind } from '@portal/contract/kyc';
import sharp from 'sharp';
import { AppError } from '@server/lib/errors';
import type { FastifyReply } from 'fastify';
import type { StoredFile } from '@server/lib/storage/file-storage';

/**
 * What an uploaded file is, decided by its first bytes and never by its name or the type the
 * browser claimed, and what is stored of it:
 *
 * - JPEG, PNG and WebP images are decoded and written anew: turned upright per their EXIF
 *   orientation, shrunk to at most MAX_IMAGE_SIDE pixels a side, in the same format, with no
 *   metadata at all (no EXIF, GPS, XMP or comments; colours converted to sRGB, no ICC profile).
 *   Anything hidden in the original file (a script after the image data, a polyglot) is gone.
 * - PDF (bank book copies only) is stored as received once it starts with `%PDF-`. It is only
 *   ever served as a download (Content-Disposition: attachment, nosniff, sandboxing CSP).
 * - Everything else, and images that cannot be decoded, are refused with FILE_TYPE_NOT_ALLOWED.
 *
 * An image is judged by its header before any pixel is decoded: one whose decoded pixels would
 * take too much memory is refused with IMAGE_TOO_LARGE (decompression bombs, `imageSizeRefusal`),
 * and one whose processing outlasts PROCESSING_TIMEOUT_SECONDS with IMAGE_PROCESSING_TIMEOUT.
 * Decoding runs in one of the instance's slots (uploads-in-flight.ts). docs/SECURITY.md "Image
 * uploads: decompression bombs and uploads in flight" has the figures.
 */

export type DetectedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Images above this many pixels are refused before decoding. 60 MP still admits photos from 48
 * and 50 megapixel phone cameras. */
export const MAX_INPUT_PIXELS = 60_000_000;
/**
 * Most bytes an image's pixels may take once decoded (width x height x channels x bytes a
 * sample): 60 MP of 8-bit RGBA, so every 8-bit image within MAX_INPUT_PIXELS passes (a 48 MP phone
 * photo, 8000x6000 RGB, is 144 MB). Deeper images are refused sooner: 16 bits a sample doubles
 * the bytes and the work for the same pixels, and no phone or scanner needs it for a document.
 */
export const MAX_DECODED_IMAGE_BYTES = 240_000_000;
/**
 * The tighter bound for images that are decoded whole before they can be shrunk (`decodedWhole`):
 * an interlaced PNG (its seven passes each cover the whole image, so libvips decodes it into
 * memory in full), a progressive JPEG (its DCT coefficients are held until the last scan) and a
 * WebP (libwebp decodes a whole frame). They take 1.1 to 2.4 times their decoded size in memory,
 * where a baseline JPEG shrinks while it decodes and a plain PNG streams line by line (60 MP of
 * RGBA, 240 MB of pixels, took 60 MB). A 48 MP photo (144 MB) still passes when saved progressive
 * or as WebP. Figures in docs/SECURITY.md.
 */
export const MAX_WHOLE_IMAGE_BYTES = 150_000_000;
/** Longest side of a stored image. */
export const MAX_IMAGE_SIDE = 4000;
/** Seconds of image processing after which an upload is refused with IMAGE_PROCESSING_TIMEOUT.
 * The slowest images the bounds above admit (a 48 MP WebP) take about 5 s on two cores. */
export const PROCESSING_TIMEOUT_SECONDS = 20;

// Every upload is a different image: libvips' operation cache would only hold memory. One thread
// an image (sharp's default on glibc Linux, made explicit): the instance's slots
// (uploads-in-flight.ts) then bound the cores image work takes.
sharp.cache(false);
sharp.concurrency(1);

export const EXTENSION_BY_TYPE: Record<DetectedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * Sends a stored identity file (a document, or the one sent with a name change) as a download
 * only: its detected type or octet-stream, `attachment` under `baseName` with the type's
 * extension, nosniff, never cached, and a sandboxing CSP should a browser still render it.
 */
export function sendIdentityFile(
  reply: FastifyReply,
  file: StoredFile,
  contentType: string,
  baseName: string,
) {
  const type = Object.hasOwn(EXTENSION_BY_TYPE, contentType) ? (contentType as DetectedType) : null;
  const extension = type ? EXTENSION_BY_TYPE[type] : 'bin';
  return reply
    .header('content-type', type ?? 'application/octet-stream')
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', `attachment; filename="${baseName}.${extension}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/** The type of a file by its magic bytes, or null when it is none of the accepted ones. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export interface PreparedFile {
  bytes: Buffer;
  contentType: DetectedType;
}

const SHARP_FORMAT_BY_TYPE = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

function notAllowed(cause?: unknown): AppError {
  return new AppError('FILE_TYPE_NOT_ALLOWED', undefined, { cause });
}

/** What an image's header says, read before any pixel is decoded (sharp's metadata). */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  /** Channels once decoded: 3 for RGB, 4 with alpha or for CMYK, 1 or 2 for grey. */
  channels: number;
  /** libvips' sample format: `uchar` (8 bits), `ushort` (16 bits), `float`, ... */
  depth: string;
  /** An interlaced PNG or a progressive JPEG. */
  isProgressive: boolean;
  /** JPEG only: `4:2:0` when its chroma is subsampled, `4:4:4` when not. */
  chromaSubsampling?: string | undefined;
}

const BYTES_PER_SAMPLE: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Bytes of the image's pixels once decoded: width x height x channels x bytes a sample. */
export function decodedImageBytes(header: ImageHeader): number {
  // A sample format libvips might add later counts as the widest there is.
  const sampleBytes = BYTES_PER_SAMPLE[header.depth] ?? 16;
  return header.width * header.height * header.channels * sampleBytes;
}

/** Whether the image is decoded whole before it can be shrunk (see MAX_WHOLE_IMAGE_BYTES). */
function decodedWhole(header: ImageHeader): boolean {
  return header.format === 'webp' || header.isProgressive;
}

/**
 * Bytes held while the image decodes, as far as its header tells. A progressive JPEG keeps one
 * 16-bit coefficient a sample until its last scan: twice its decoded bytes, or about the same
 * when its chroma is subsampled (4:2:0 keeps half the samples of RGB).
 */
function heldWhileDecoding(header: ImageHeader): number {
  const decoded = decodedImageBytes(header);
  const coefficientsUnsubsampled =
    header.format === 'jpeg' &&
    header.isProgressive &&
    !(header.chromaSubsampling ?? '').startsWith('4:2:0');
  return coefficientsUnsubsampled ? decoded * 2 : decoded;
}

/**
 * Why an image must not be decoded, from its header alone, or null when it may: too many pixels,
 * more decoded bytes than MAX_DECODED_IMAGE_BYTES, or, decoded whole, more than
 * MAX_WHOLE_IMAGE_BYTES. Each bound is allowed exactly; one pixel more is refused.
 */
export function imageSizeRefusal(header: ImageHeader): string | null {
  const pixels = header.width * header.height;
  if (pixels > MAX_INPUT_PIXELS) return `${pixels} pixels`;
  const held = heldWhileDecoding(header);
  if (held > MAX_DECODED_IMAGE_BYTES) return `${held} bytes decoded`;
  if (decodedWhole(header) && held > MAX_WHOLE_IMAGE_BYTES) return `${held} bytes decoded whole`;
  return null;
}

/** libvips' own words when a pipeline outlives its `timeout` ("timeout: 24% complete"). */
function isProcessingTimeout(error: unknown): boolean {
  return error instanceof Error && /^timeout: \d+% complete/.test(error.message);
}

/** Where an image is decoded and re-encoded: in a slot of the instance, within a time limit. */
export interface ImageProcessing {
  /** Runs the work once the instance has room for one more image (uploads-in-flight.ts). */
  inSlot<T>(work: () => Promise<T>): Promise<T>;
  timeoutSeconds: number;
}

/**
 * Checks an upload for `kind` and returns what to store, or throws FILE_TYPE_NOT_ALLOWED,
 * IMAGE_TOO_LARGE or IMAGE_PROCESSING_TIMEOUT.
 */
export async function prepareUpload(
  kind: KycDocumentKind,
  bytes: Buffer,
  processing: ImageProcessing,
): Promise<PreparedFile> {
  const type = detectFileType(bytes);
  if (type === null || !KYC_ALLOWED_TYPES[kind].includes(type)) throw notAllowed();
  if (type === 'application/pdf') return { bytes, contentType: type };
  return { bytes: await reencodeImage(bytes, type, processing), contentType: type };
}

async function reencodeImage(
  bytes: Buffer,
  type: Exclude<DetectedType, 'application/pdf'>,
  processing: ImageProcessing,
): Promise<Buffer> {
  const format = SHARP_FORMAT_BY_TYPE[type];
  const options = {
    failOn: 'error',
    limitInputChannels: 4,
    // The first frame only: an animated WebP or PNG is stored as a still image.
    pages: 1,
    autoOrient: true,
  } as const;

  let header: ImageHeader;
  try {
    // The header only: no pixel is decoded, so no pixel limit yet (libvips' own would refuse
    // a huge image here as if it were not an image).
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw notAllowed(error);
  }
  // The header must name the same format as the magic bytes did; libvips picks its decoder by
  // content, so this only fails for files that merely start like an image.
  if (header.format !== format) throw notAllowed(new Error(`decoded as ${header.format}`));
  const refusal = imageSizeRefusal(header);
  if (refusal !== null) {
    throw new AppError('IMAGE_TOO_LARGE', undefined, {
      cause: new Error(`${header.width}x${header.height} ${format}: ${refusal}`),
    });
  }
  // libvips' pixel limit stays as a second guard behind the check above.
  const image = sharp(bytes, { ...options, limitInputPixels: MAX_INPUT_PIXELS });

  return processing.inSlot(async () => {
    try {
      const pipeline = image
        .resize({
          width: MAX_IMAGE_SIDE,
          height: MAX_IMAGE_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .timeout({ seconds: processing.timeoutSeconds });
      // No withMetadata/keepMetadata: sharp writes no EXIF, XMP or ICC profile and converts to
      // sRGB.
      switch (format) {
        case 'jpeg':
          return await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
        case 'png':
          return await pipeline.png({ compressionLevel: 9 }).toBuffer();
        case 'webp':
          return await pipeline.webp({ quality: 90 }).toBuffer();
      }
    } catch (error) {
      // A timeout is the server giving up on a file it could read, not a file it could not: a
      // progressive JPEG of thousands of scans, say. The person is told to send a smaller one.
      if (isProcessingTimeout(error)) {
        throw new AppError('IMAGE_PROCESSING_TIMEOUT', undefined, { cause: error });
      }
      throw notAllowed(error);
    }
  });
}
