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
 */

export type DetectedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Images above this many pixels are refused before decoding (decompression bombs). 60 MP
 * still admits photos from 48 and 50 megapixel phone cameras. */
export const MAX_INPUT_PIXELS = 60_000_000;
/** Longest side of a stored image. */
export const MAX_IMAGE_SIDE = 4000;
/** Seconds of image processing after which an upload is refused. */
const PROCESSING_TIMEOUT_SECONDS = 20;

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

/** Checks an upload for `kind` and returns what to store, or throws FILE_TYPE_NOT_ALLOWED. */
export async function prepareUpload(kind: KycDocumentKind, bytes: Buffer): Promise<PreparedFile> {
  const type = detectFileType(bytes);
  if (type === null || !KYC_ALLOWED_TYPES[kind].includes(type)) throw notAllowed();
  if (type === 'application/pdf') return { bytes, contentType: type };
  return { bytes: await reencodeImage(bytes, type), contentType: type };
}

async function reencodeImage(
  bytes: Buffer,
  type: Exclude<DetectedType, 'application/pdf'>,
): Promise<Buffer> {
  const format = SHARP_FORMAT_BY_TYPE[type];
  try {
    const image = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      limitInputChannels: 4,
      // The first frame only: an animated WebP or PNG is stored as a still image.
      pages: 1,
      autoOrient: true,
    });
    // The header must name the same format as the magic bytes did; libvips picks its decoder by
    // content, so this only fails for files that merely start like an image.
    const metadata = await image.metadata();
    if (metadata.format !== format) throw new Error(`decoded as ${metadata.format}`);

    const pipeline = image
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
    // No withMetadata/keepMetadata: sharp writes no EXIF, XMP or ICC profile and converts to sRGB.
    switch (format) {
      case 'jpeg':
        return await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case 'png':
        return await pipeline.png({ compressionLevel: 9 }).toBuffer();
      case 'webp':
        return await pipeline.webp({ quality: 90 }).toBuffer();
    }
  } catch (error) {
    throw notAllowed(error);
  }
}
