import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One mail: plain text only, so nothing in it can run or track (docs/SECURITY.md "Email"). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps://; undefined: write .eml files to `mailDir`. */
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}

/**
 * Sends mail over SMTP (nodemailer) when SMTP_URL is set. Without it (the embedded default, a
 * laptop) every mail is written as an .eml file under DATA_DIR/mail and its path logged, so
 * nobody needs a mail server to read what the portal sent; any mail program opens the file.
 */
export function createMailer({ smtpUrl, from, mailDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ mail: { subject: message.subject } }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(mailDir, name);
      await writeFile(path, info.message as Buffer, { mode: 0o600 });
      log.info(
        { mail: { subject: message.subject, path } },
        'mail written to a file (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

/** A mailer that keeps what it is given, for tests: `sent` in the order sent. */
export interface MemoryMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function memoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: () => undefined,
  };
}
