import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Responses smaller than this go out as they are: below about a kilobyte the encoding's headers
 * and the work cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses responses on the fly (brotli or gzip, as the browser accepts), for the API's JSON
 * and CSV exports. The built web app's files are compressed once at build time and served as they
 * are (web-app.ts, docs/decisions/028); a response that already has a Content-Encoding is left
 * alone. Types that do not shrink (images, PDF, XLSX) are skipped by their media type. The live
 * event stream writes to the socket itself (it hijacks the reply), so it is never compressed nor
 * buffered. Request bodies are not decompressed: no client of the portal sends them compressed, and
 * accepting them would only add decompression bombs to guard against.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      globalDecompression: false,
    });
  },
  { name: 'compress' },
);
