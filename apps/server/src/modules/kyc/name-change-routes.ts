import {
  NAME_CHANGE_NAME_FIELD,
  myNameChangeResponseSchema,
  nameChangeFieldsSchema,
  nameChangeIdParamsSchema,
  nameChangeRequestSchema,
  nameChangeReviewQueueResponseSchema,
  rejectNameChangeRequestSchema,
} from '@portal/contract/name-change';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import { newStorageKey } from '@server/lib/storage/file-storage';
import { readUpload } from '@server/lib/upload';
import type { RoutePlugin } from '@server/lib/zod-routes';
import multipart from '@server/plugins/external/multipart';
import { prepareUpload, sendIdentityFile } from './file-content';
import { clientGoneSignal } from './uploads-in-flight';
import {
  decideNameChange,
  findNameChange,
  latestNameChange,
  listNameChangesForReview,
  submitNameChange,
  toNameChangeRequest,
} from './name-change-repository';
import { isNameLocked, refuseWhileBuyOpen } from './name-lock';

const operatorOnly = { access: ['operator'] } as const;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This name change request does not exist.');
}

/**
 * A change of the verified name (docs/decisions/010):
 *
 *   GET  /profile/name-change                        { nameLocked, request } (the latest one)
 *   POST /profile/name-change                        multipart: `name` and the new identity
 *                                                    document in `file` -> 201 request
 *   GET  /operator/name-changes                      the requests waiting, oldest first
 *   GET  /operator/name-changes/:id/file             the document sent with one
 *   POST /operator/name-changes/:id/approve          the new name becomes the user's name
 *   POST /operator/name-changes/:id/reject           { reason }
 */
const nameChangeRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  await app.register(multipart);

  async function deleteFileQuietly(request: FastifyRequest, storageKey: string) {
    try {
      await app.storage.delete(storageKey);
    } catch (error) {
      request.log.warn({ err: error, storageKey }, 'could not delete a stored name-change file');
    }
  }

  app.get(
    '/profile/name-change',
    { schema: { response: { 200: myNameChangeResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const latest = await latestNameChange(db, user.id);
      return {
        nameLocked: await isNameLocked(db, user.id),
        request: latest ? toNameChangeRequest(latest) : null,
      };
    },
  );

  app.post(
    '/profile/name-change',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => `name-change:${request.user?.id ?? request.ip}`,
        },
      },
      schema: { response: { 201: nameChangeRequestSchema } },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      // One count with the KYC uploads: the same person, the same decoding (uploads-in-flight.ts).
      return app.identityUploads.forPerson(user.id, async () => {
        const received = await readUpload(request, [NAME_CHANGE_NAME_FIELD]);
        const parsed = nameChangeFieldsSchema.safeParse({ name: received.fields.name ?? '' });
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'invalid';
          throw new AppError('VALIDATION_FAILED', undefined, { fields: { name: message } });
        }
        // Checked again inside the transaction; these only save decoding a file for nothing.
        if (!(await isNameLocked(db, user.id))) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Your name is not verified yet: change it in your personal information.',
          );
        }
        await refuseWhileBuyOpen(db, user.id);

        // The document is an identity card: images only, stripped and re-encoded like any other.
        const prepared = await prepareUpload(
          'id_front',
          received.bytes,
          app.identityUploads.imageProcessing(clientGoneSignal(reply)),
        );
        // As for documents (routes.ts): the file, then its row; a failure of either removes the file.
        const storageKey = newStorageKey('kyc');
        try {
          await app.storage.put(storageKey, prepared.bytes, prepared.contentType);
          const saved = await submitNameChange(db, {
            userId: user.id,
            requestedName: parsed.data.name,
            storageKey,
            contentType: prepared.contentType,
            sizeBytes: prepared.bytes.length,
            ip: request.ip,
          });
          return reply.code(201).send(toNameChangeRequest(saved));
        } catch (error) {
          await deleteFileQuietly(request, storageKey);
          throw error;
        }
      });
    },
  );

  app.get(
    '/operator/name-changes',
    { config: operatorOnly, schema: { response: { 200: nameChangeReviewQueueResponseSchema } } },
    async (request) => ({ items: await listNameChangesForReview(request.readDb) }),
  );

  app.get(
    '/operator/name-changes/:id/file',
    { config: operatorOnly, schema: { params: nameChangeIdParamsSchema } },
    async (request, reply) => {
      const found = await findNameChange(db, request.params.id);
      if (!found) throw notFound();
      const file = await app.storage.get(found.storageKey);
      if (!file) {
        request.log.error(
          { requestId: found.id, storageKey: found.storageKey },
          'the document of a name change is missing from storage',
        );
        throw notFound();
      }
      return sendIdentityFile(reply, file, found.contentType, 'name-change');
    },
  );

  app.post(
    '/operator/name-changes/:id/approve',
    {
      config: operatorOnly,
      schema: {
        params: nameChangeIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: nameChangeRequestSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const decided = await decideNameChange(db, {
        requestId: request.params.id,
        operatorId: operator.id,
        ip: request.ip,
        outcome: { status: 'approved' },
      });
      return toNameChangeRequest(decided);
    },
  );

  app.post(
    '/operator/name-changes/:id/reject',
    {
      config: operatorOnly,
      schema: {
        params: nameChangeIdParamsSchema,
        body: rejectNameChangeRequestSchema,
        response: { 200: nameChangeRequestSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const decided = await decideNameChange(db, {
        requestId: request.params.id,
        operatorId: operator.id,
        ip: request.ip,
        outcome: { status: 'rejected', reason: request.body.reason },
      });
      return toNameChangeRequest(decided);
    },
  );
};

export default nameChangeRoutes;
