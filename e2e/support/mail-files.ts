import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** A mail the portal wrote under DATA_DIR/mail (no SMTP_URL, as on a laptop). */
export interface WrittenMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Reads the portal's mail as `npm start` leaves it: .eml files under DATA_DIR/mail, which any
 * mail program opens. Returns the first file to `to` not read before, of the given `subject`s
 * when they are named (a new sign-up also gets the mail that confirms its email), waiting up to
 * `timeoutMs`; mails with other subjects are left unread.
 */
export async function mailWrittenTo(
  dataDir: string,
  to: string,
  read: Set<string>,
  { subjects, timeoutMs = 10_000 }: { subjects?: readonly string[]; timeoutMs?: number } = {},
): Promise<WrittenMail> {
  const folder = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
      if (read.has(file)) continue;
      const parsed = await simpleParser(await readFile(join(folder, file)));
      const recipients = [parsed.to ?? []].flat().flatMap((address) => address.value);
      if (!recipients.some((recipient) => recipient.address === to)) continue;
      if (subjects && !subjects.includes(parsed.subject ?? '')) continue;
      read.add(file);
      return { file, to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
