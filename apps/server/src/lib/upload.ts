import { MAX_KYC_FILE_BYTES } from '@portal/contract/kyc';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@server/lib/errors';

/** The one form field an upload may have. */
export const FILE_FIELD = 'file';

const LIMIT_ERRORS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

function exactlyOneFile(): AppError {
  return new AppError('BAD_REQUEST', `Send exactly one file, in the form field "${FILE_FIELD}".`);
}

/**
 * Reads the one file of a multipart/form-data upload into memory (at most `maxBytes`, by default
 * the identity-document limit). The part's file name and declared type are ignored: what a file
 * is comes from its content, and where it goes from a key we make.
 *
 * - not multipart: 415 UNSUPPORTED_MEDIA_TYPE
 * - no file, or an empty one: 400 FILE_REQUIRED
 * - larger than the limit: 413 PAYLOAD_TOO_LARGE
 * - another field, a second file, or a file under another name: 400 BAD_REQUEST
 * - a body that is not well-formed multipart: 400 BAD_REQUEST
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number = MAX_KYC_FILE_BYTES,
): Promise<Buffer> {
  return (await readUpload(request, [], maxBytes)).bytes;
}

/** Longest text field an upload may carry beside its file, unless the route says otherwise. */
const MAX_FIELD_BYTES = 1024;

/**
 * The same, for an upload that carries a few named text fields beside its file (a name change
 * sends the new name with the document). Only the fields named may appear, each at most once; the
 * caller validates their values with the contract's schema.
 */
export async function readUpload<Field extends string>(
  request: FastifyRequest,
  fieldNames: readonly Field[],
  maxBytes: number = MAX_KYC_FILE_BYTES,
  { fieldBytes = MAX_FIELD_BYTES }: { fieldBytes?: number } = {},
): Promise<{ bytes: Buffer; fields: Partial<Record<Field, string>> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  }
  let bytes: Buffer | undefined;
  const fields: Partial<Record<Field, string>> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: fieldNames.length,
        fieldSize: fieldBytes,
        parts: 1 + fieldNames.length,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const name = fieldNames.find((known) => known === part.fieldname);
        if (!name || name in fields || typeof part.value !== 'string' || part.valueTruncated) {
          throw unexpectedField();
        }
        fields[name] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        throw unexpectedField();
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw asUploadError(error, maxBytes);
  }
  if (bytes === undefined || bytes.length === 0) throw new AppError('FILE_REQUIRED');
  return { bytes, fields };
}

function unexpectedField(): AppError {
  return new AppError(
    'BAD_REQUEST',
    `Send one file in the form field "${FILE_FIELD}" and only the fields this upload takes.`,
  );
}

function asUploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${maxBytes / (1024 * 1024)} MB.`,
      { cause: error },
    );
  }
  if (typeof code === 'string' && LIMIT_ERRORS.has(code)) {
    return new AppError('BAD_REQUEST', exactlyOneFile().message, { cause: error });
  }
  // Malformed multipart (no boundary, cut short, prototype field names): the client's fault.
  return new AppError('BAD_REQUEST', undefined, { cause: error });
}
