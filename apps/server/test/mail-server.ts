import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the loopback SMTP server. */
export interface ArrivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The whole message as sent, headers included. */
  raw: string;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what arrives, for tests
 * that read the portal's mail as a recipient would: `smtpUrl` goes into the app's config.
 */
export async function startMailServer() {
  const arrived: ArrivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            arrived.push({
              from: parsed.from?.text ?? '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              raw: raw.toString('utf8'),
            });
            for (const wake of waiting) wake();
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /**
   * The first mail to `to` (with `subject`, when given) that arrives after `since` mails had;
   * waits up to `timeoutMs`.
   */
  async function mailTo(
    to: string,
    since = 0,
    { subject, timeoutMs = 10_000 }: { subject?: string; timeoutMs?: number } = {},
  ): Promise<ArrivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = arrived
        .slice(since)
        .find(
          (mail) => mail.to.includes(to) && (subject === undefined || mail.subject === subject),
        );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
        setTimeout(wake, 100);
      });
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    arrived,
    mailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
