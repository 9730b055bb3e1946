import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { transactionMail } from './mail';
import { claimDueMails, markFailed, markSent } from './outbox';

/** How often each instance sends the transaction mails that are due (and once at start). */
export const TRANSACTION_MAIL_POLL_MS = 5_000;

/**
 * Sends the due transaction mails (docs/decisions/027): each is claimed first, so no two
 * senders hold it, sent, and marked sent; a failed send waits and is tried again. Returns how
 * many were sent.
 */
export async function sendDueTransactionMails(app: FastifyInstance): Promise<number> {
  let sent = 0;
  for (const due of await claimDueMails(app.db)) {
    try {
      await app.mailer.send(transactionMail(due, app.config.publicUrl));
    } catch (error) {
      await markFailed(app.db, due.id, error instanceof Error ? error.message : String(error));
      app.log.warn({ transactionMail: due.id }, 'transaction mail not sent; tried again later');
      continue;
    }
    await markSent(app.db, due.id);
    sent += 1;
  }
  return sent;
}

export default fp(
  async (app) => {
    app.jobs.every(
      'transaction mails',
      TRANSACTION_MAIL_POLL_MS,
      () => sendDueTransactionMails(app),
      { atStart: true },
    );
  },
  { name: 'transaction-mails', dependencies: ['database', 'jobs', 'mailer'] },
);
