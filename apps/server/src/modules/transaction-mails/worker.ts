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
  // Batch after batch until none is due, so a busy hour does not leave a backlog behind the
  // poll; bounded, so one run ends and the next poll goes on.
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const due = await claimDueMails(app.db);
    if (due.length === 0) break;
    for (const mail of due) {
      try {
        await app.mailer.send(transactionMail(mail, app.config.publicUrl));
      } catch (error) {
        await markFailed(app.db, mail.id, error instanceof Error ? error.message : String(error));
        app.log.warn({ transactionMail: mail.id }, 'transaction mail not sent; tried again later');
        continue;
      }
      await markSent(app.db, mail.id);
      sent += 1;
    }
  }
  return sent;
}

/** Batches (of claimDueMails' size) one run sends at most before the next poll. */
const MAX_BATCHES_PER_RUN = 50;

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
