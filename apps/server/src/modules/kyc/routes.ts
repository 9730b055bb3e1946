import {
  KYC_DOCUMENT_KINDS,
  documentIdParamsSchema,
  kycDocumentKindParamsSchema,
  kycDocumentSchema,
  kycReviewQueueResponseSchema,
  kycReviewQuerySchema,
  myKycDocumentsResponseSchema,
  rejectKycDocumentRequestSchema,
  type KycDocument,
  type MyKycDocumentsResponse,
} from '@portal/contract/kyc';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newStorageKey } from '@server/lib/storage/file-storage';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import multipart from '@server/plugins/external/multipart';
import { prepareUpload, sendIdentityFile } from './file-content';
import { clientGoneSignal } from './uploads-in-flight';
import {
  decideDocument,
  deleteOwnDocument,
  findCurrentDocument,
  findDocument,
  listForReview,
  listUserDocuments,
  replaceCurrentDocument,
  toKycDocument,
} from './repository';
import { readUploadedFile } from '@server/lib/upload';

const operatorOnly = { access: ['operator'] } as const;

/** Uploads re-encode images, which costs CPU: a person gets this many a minute. */
const UPLOADS_PER_MINUTE = 30;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This document does not exist.');
}

/**
 * Identity documents (KYC): a signed-in user uploads, lists, downloads and withdraws their own;
 * operators download anyone's and approve or reject them. Everyone else, the user's agency
 * included, is told a document does not exist, so ids reveal nothing.
 *
 *   POST   /kyc/documents/:kind                     multipart, one file in `file` -> 201 document
 *                                                   (at most two at once a person: uploads-in-flight.ts)
 *   GET    /kyc/documents                           the current document of each kind
 *   GET    /kyc/documents/:id/file                  the stored bytes (owner, operators)
 *   DELETE /kyc/documents/:id                       204 (owner, not once approved)
 *   GET    /operator/kyc/documents?status=          the review queue
 *   POST   /operator/kyc/documents/:id/approve      from submitted only
 *   POST   /operator/kyc/documents/:id/reject       { reason }, from submitted only
 */
const kycRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  // Only these routes accept multipart bodies; the rest of the API keeps refusing them.
  await app.register(multipart);

  /** Removes a file whose row is gone (or never came); a failure leaves an orphan for file-sweep.ts. */
  async function deleteFileQuietly(request: FastifyRequest, storageKey: string) {
    try {
      await app.storage.delete(storageKey);
    } catch (error) {
      request.log.warn({ err: error, storageKey }, 'could not delete a stored KYC file');
    }
  }

  app.post(
    '/kyc/documents/:kind',
    {
      config: {
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `kyc-upload:${request.user?.id ?? request.ip}`,
        },
      },
      schema: { params: kycDocumentKindParamsSchema, response: { 201: kycDocumentSchema } },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const { kind } = request.params;
      return app.identityUploads.forPerson(user.id, async () => {
        const received = await readUploadedFile(request);

        // Checked again inside the transaction; this only saves decoding a file for nothing.
        const current = await findCurrentDocument(db, user.id, kind);
        if (current?.status === 'approved') throw new AppError('KYC_ALREADY_REVIEWED');

        const prepared = await prepareUpload(
          kind,
          received,
          app.identityUploads.imageProcessing(clientGoneSignal(reply)),
        );
        // The file first, then its row in a transaction; if either fails, the file goes again, so
        // no object outlives a row that never came (docs/decisions/030). What a crash in between
        // leaves, the file sweep removes (file-sweep.ts).
        const storageKey = newStorageKey('kyc');
        let result;
        try {
          await app.storage.put(storageKey, prepared.bytes, prepared.contentType);
          result = await replaceCurrentDocument(db, {
            userId: user.id,
            kind,
            storageKey,
            contentType: prepared.contentType,
            sizeBytes: prepared.bytes.length,
            ip: request.ip,
          });
        } catch (error) {
          await deleteFileQuietly(request, storageKey);
          throw error;
        }
        if (result.replacedStorageKey) {
          await deleteFileQuietly(request, result.replacedStorageKey);
        }
        return reply.code(201).send(toKycDocument(result.document));
      });
    },
  );

  app.get(
    '/kyc/documents',
    { schema: { response: { 200: myKycDocumentsResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const rows = await listUserDocuments(db, user.id);
      const documents = Object.fromEntries(
        KYC_DOCUMENT_KINDS.map((kind) => [kind, null as KycDocument | null]),
      ) as MyKycDocumentsResponse['documents'];
      for (const row of rows) documents[row.kind] = toKycDocument(row);
      return { documents };
    },
  );

  app.get(
    '/kyc/documents/:id/file',
    { schema: { params: documentIdParamsSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const document = await findDocument(db, request.params.id);
      if (!document || (document.userId !== user.id && user.role !== 'operator')) throw notFound();

      const file = await app.storage.get(document.storageKey);
      if (!file) {
        request.log.error(
          { documentId: document.id, storageKey: document.storageKey },
          'the file of a KYC document is missing from storage',
        );
        throw notFound();
      }
      return sendIdentityFile(reply, file, document.contentType, document.kind);
    },
  );

  app.delete(
    '/kyc/documents/:id',
    { schema: { params: documentIdParamsSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const storageKey = await deleteOwnDocument(db, user.id, request.params.id);
      await deleteFileQuietly(request, storageKey);
      return reply.code(204).send();
    },
  );

  app.get(
    '/operator/kyc/documents',
    {
      config: operatorOnly,
      schema: {
        querystring: kycReviewQuerySchema,
        response: { 200: kycReviewQueueResponseSchema },
      },
    },
    async (request) => ({ items: await listForReview(request.readDb, request.query.status) }),
  );

  app.post(
    '/operator/kyc/documents/:id/approve',
    {
      config: operatorOnly,
      schema: {
        params: documentIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: kycDocumentSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const decided = await decideDocument(db, {
        documentId: request.params.id,
        operatorId: operator.id,
        ip: request.ip,
        outcome: { status: 'approved' },
      });
      return toKycDocument(decided);
    },
  );

  app.post(
    '/operator/kyc/documents/:id/reject',
    {
      config: operatorOnly,
      schema: {
        params: documentIdParamsSchema,
        body: rejectKycDocumentRequestSchema,
        response: { 200: kycDocumentSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const decided = await decideDocument(db, {
        documentId: request.params.id,
        operatorId: operator.id,
        ip: request.ip,
        outcome: { status: 'rejected', reason: request.body.reason },
      });
      return toKycDocument(decided);
    },
  );
};

export default kycRoutes;
