import type { MailLanguage } from '@portal/contract/auth';
import type { App } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { createEmailVerification, emailVerificationLink } from './links';
import { emailVerificationMail } from './mail';

/**
 * Mails a new confirmation link to the user's current address, after the answer (a mail server
 * that is slow or down never holds up sign-up or Profile), and records it.
 */
export function mailEmailVerification(
  app: App,
  user: { id: string; email: string; name: string },
  language: MailLanguage,
  ip: string,
): void {
  app.jobs.afterAnswer('email verification mail', async () => {
    const token = await createEmailVerification(app.db, user.id, user.email);
    await app.mailer.send(
      emailVerificationMail(language, user, emailVerificationLink(app.config.publicUrl, token)),
    );
    await recordAuditEvent(app.db, {
      action: 'email_verification_sent',
      subjectUserId: user.id,
      ip,
      details: { language },
    });
  });
}
