import { describe, expect, it } from 'vitest';
import {
  MAX_DECODED_IMAGE_BYTES,
  MAX_INPUT_PIXELS,
  MAX_WHOLE_IMAGE_BYTES,
  decodedImageBytes,
  imageSizeRefusal,
  type ImageHeader,
} from '@server/modules/kyc/file-content';

/**
 * The decoded-size rule of identity images, from the header alone (docs/SECURITY.md "Image
 * uploads: decompression bombs and uploads in flight"): each bound is allowed exactly, one pixel
 * more is refused.
 */
const plainPng = (width: number, height: number, more: Partial<ImageHeader> = {}): ImageHeader => ({
  format: 'png',
  width,
  height,
  channels: 3,
  depth: 'uchar',
  isProgressive: false,
  ...more,
});
const phoneJpeg = (more: Partial<ImageHeader> = {}): ImageHeader => ({
  format: 'jpeg',
  width: 8000,
  height: 6000,
  channels: 3,
  depth: 'uchar',
  isProgressive: false,
  chromaSubsampling: '4:2:0',
  ...more,
});

describe('decoded bytes', () => {
  it('are width x height x channels x bytes a sample', () => {
    expect(decodedImageBytes(phoneJpeg())).toBe(144_000_000);
    expect(decodedImageBytes(plainPng(7700, 7700, { channels: 4, depth: 'ushort' }))).toBe(
      474_320_000,
    );
    expect(decodedImageBytes(plainPng(10, 10, { channels: 1, depth: 'float' }))).toBe(400);
    // A sample format it does not know counts as the widest libvips has.
    expect(decodedImageBytes(plainPng(10, 10, { channels: 1, depth: 'quad' }))).toBe(1600);
  });
});

describe('the bounds', () => {
  it('are what the constants say', () => {
    expect([MAX_INPUT_PIXELS, MAX_DECODED_IMAGE_BYTES, MAX_WHOLE_IMAGE_BYTES]).toEqual([
      60_000_000, 240_000_000, 150_000_000,
    ]);
  });

  it('refuses the pixel flood: 7700x7700 interlaced 16-bit RGBA', () => {
    const flood = plainPng(7700, 7700, { channels: 4, depth: 'ushort', isProgressive: true });
    expect(imageSizeRefusal(flood)).toBe('474320000 bytes decoded');
    // Not interlaced it is still refused: 16-bit RGBA over 30 MP.
    expect(imageSizeRefusal({ ...flood, isProgressive: false })).toBe('474320000 bytes decoded');
  });

  it('takes a 48 MP phone photo, also saved progressive or as WebP', () => {
    expect(imageSizeRefusal(phoneJpeg())).toBeNull();
    expect(imageSizeRefusal(phoneJpeg({ isProgressive: true }))).toBeNull();
    expect(
      imageSizeRefusal(phoneJpeg({ format: 'webp', chromaSubsampling: undefined })),
    ).toBeNull();
  });

  it('counts a progressive JPEG without chroma subsampling twice: it holds 16-bit coefficients', () => {
    expect(imageSizeRefusal(phoneJpeg({ chromaSubsampling: '4:4:4' }))).toBeNull();
    expect(imageSizeRefusal(phoneJpeg({ chromaSubsampling: '4:4:4', isProgressive: true }))).toBe(
      '288000000 bytes decoded',
    );
  });

  it('allows MAX_INPUT_PIXELS exactly, and refuses one more pixel', () => {
    // 7500 x 8000 = 60,000,000 pixels of 8-bit grey: 60 MB decoded, far below the byte bounds.
    const grey = { channels: 1 };
    expect(imageSizeRefusal(plainPng(7500, 8000, grey))).toBeNull();
    expect(imageSizeRefusal(plainPng(7500 * 8000 + 1, 1, grey))).toBe('60000001 pixels');
  });

  it('allows MAX_DECODED_IMAGE_BYTES exactly, and refuses one pixel more', () => {
    // 6000 x 5000 RGBA at 16 bits: 240,000,000 bytes, 30 MP.
    const deep = { channels: 4, depth: 'ushort' };
    expect(decodedImageBytes(plainPng(6000, 5000, deep))).toBe(MAX_DECODED_IMAGE_BYTES);
    expect(imageSizeRefusal(plainPng(6000, 5000, deep))).toBeNull();
    expect(imageSizeRefusal(plainPng(6000 * 5000 + 1, 1, deep))).toBe('240000008 bytes decoded');
  });

  it('allows MAX_WHOLE_IMAGE_BYTES exactly for an interlaced PNG, and refuses one pixel more', () => {
    // 10000 x 5000 RGB at 8 bits: 150,000,000 bytes, 50 MP.
    const interlaced = { isProgressive: true };
    expect(decodedImageBytes(plainPng(10_000, 5000, interlaced))).toBe(MAX_WHOLE_IMAGE_BYTES);
    expect(imageSizeRefusal(plainPng(10_000, 5000, interlaced))).toBeNull();
    expect(imageSizeRefusal(plainPng(10_000 * 5000 + 1, 1, interlaced))).toBe(
      '150000003 bytes decoded whole',
    );
    // The same pixels not interlaced stream line by line: only the looser bound applies.
    expect(imageSizeRefusal(plainPng(10_000 * 5000 + 1, 1))).toBeNull();
  });

  it('holds a WebP to the tighter bound: it is decoded whole', () => {
    const webp = (width: number) => plainPng(width, 5000, { format: 'webp' });
    expect(imageSizeRefusal(webp(10_000))).toBeNull();
    expect(imageSizeRefusal(webp(10_001))).toBe('150015000 bytes decoded whole');
  });
});
