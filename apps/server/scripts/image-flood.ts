/**
 * What an identity image costs the server (docs/SECURITY.md "Image uploads: decompression bombs
 * and uploads in flight"): prepares one file as `count` uploads arriving at once would, two images
 * decoding at a time as on an instance by default (all the others wait their turn, however long),
 * and prints the answers and the time. Peak memory from outside, run
 * from apps/server (where tsx finds the path aliases):
 *
 *   /usr/bin/time -v npx tsx scripts/image-flood.ts flood 8
 *   /usr/bin/time -v npx tsx scripts/image-flood.ts ~/photo.jpg 1
 *
 * `flood` is the attack run's file, made here whole: a 7700x7700 interlaced 16-bit RGBA PNG of
 * zeros, 461 KB, 474 MB once decoded.
 */
import { readFileSync } from 'node:fs';
import { createDeflate, crc32 } from 'node:zlib';
import { prepareUpload } from '@server/modules/kyc/file-content';
import { UPLOADS_PER_PERSON_AT_ONCE, UploadsInFlight } from '@server/modules/kyc/uploads-in-flight';

const [what = 'flood', countText = '1'] = process.argv.slice(2);
const count = Number(countText);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Every Adam7 pass of a `side` x `side` RGBA 16-bit image, each row with its filter byte. */
async function pixelFlood(side = 7700): Promise<Buffer> {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let rawBytes = 0;
  for (const [x, y, dx, dy] of passes) {
    rawBytes += Math.ceil((side - y) / dy) * (1 + Math.ceil((side - x) / dx) * 8);
  }
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1 << 20);
  for (let left = rawBytes; left > 0; left -= zeros.length) {
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length)))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([16, 6, 0, 0, 1], 8); // 16 bits, RGBA, deflate, adaptive filters, Adam7
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const bytes = what === 'flood' ? await pixelFlood() : readFileSync(what);
const uploads = new UploadsInFlight({
  perPerson: UPLOADS_PER_PERSON_AT_ONCE,
  imagesAtOnce: 2,
  waitingAtMost: count,
  waitMs: 600_000,
});
const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: count }, () =>
    prepareUpload('id_front', bytes, uploads.imageProcessing()).then(
      (prepared) => `stored ${prepared.contentType}, ${prepared.bytes.length} bytes`,
      (error: { code?: string }) => `refused ${error.code ?? String(error)}`,
    ),
  ),
);
const milliseconds = Math.round(performance.now() - started);
const tally = new Map<string, number>();
for (const answer of answers) tally.set(answer, (tally.get(answer) ?? 0) + 1);
console.log(`${what}: ${bytes.length} bytes, ${count} at once, ${milliseconds} ms`);
for (const [answer, times] of tally) console.log(`  ${times} x ${answer}`);
