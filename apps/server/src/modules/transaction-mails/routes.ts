import { mailSettingsRequestSchema, mailSettingsSchema } from '@portal/contract/mail';
import { eq, sql } from 'drizzle-orm';
import { users } from '@server/db/schema';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

/**
 * The signed-in user's mail settings (docs/decisions/027):
 *   GET /profile/mail-settings                         the Profile switch and the mail language
 *   PUT /profile/mail-settings { transactionMails?, language? }
 * Only the transaction mails can be turned off; security mails are always sent.
 */
const mailSettingsRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const read = async (id: string) => {
    const [row] = await db
      .select({ transactionMails: users.transactionMails, language: users.mailLanguage })
      .from(users)
      .where(eq(users.id, id));
    if (!row) throw new Error(`user ${id} vanished while signed in`);
    return row;
  };

  app.get(
    '/profile/mail-settings',
    { schema: { response: { 200: mailSettingsSchema } } },
    async (request) => read(app.signedInUser(request).id),
  );

  app.put(
    '/profile/mail-settings',
    { schema: { body: mailSettingsRequestSchema, response: { 200: mailSettingsSchema } } },
    async (request) => {
      const { id } = app.signedInUser(request);
      const before = await read(id);
      const { transactionMails, language } = request.body;
      await db
        .update(users)
        .set({
          ...(transactionMails === undefined ? {} : { transactionMails }),
          ...(language === undefined ? {} : { mailLanguage: language }),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      if (transactionMails !== undefined && transactionMails !== before.transactionMails) {
        await recordAuditEvent(db, {
          action: 'profile_changed',
          actorUserId: id,
          ip: request.ip,
          details: { changed: ['transactionMails'], transactionMails },
        });
      }
      return read(id);
    },
  );
};

export default mailSettingsRoutes;
