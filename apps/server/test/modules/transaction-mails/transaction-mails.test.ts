import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@server/db/schema';
import { sendDueTransactionMails } from '@server/modules/transaction-mails/worker';
import { ownPostgresDatabase } from '@test/helpers';
import { startMailServer } from '@test/mail-server';
import { deposit, moneyKit, statusOf, type MoneyKit, type Person } from '../money/money-test-kit';

/** Transaction completed / cancelled mails, exactly once per event (docs/decisions/027). */
// The drain sends every due mail of the database: on a real server shared with the other test
// files (whose transactions complete and cancel too) the outbox here is this file's own.
let mail: Awaited<ReturnType<typeof startMailServer>>;
let kit: MoneyKit;
let own: Awaited<ReturnType<typeof ownPostgresDatabase>>;
beforeAll(async () => {
  mail = await startMailServer();
  own = await ownPostgresDatabase();
  kit = await moneyKit({
    config: {
      smtpUrl: mail.smtpUrl,
      publicUrl: 'https://portal.example',
      logLevel: 'error',
      ...(own ? { databaseUrl: own.url } : {}),
    },
  });
});
afterAll(async () => {
  await kit.close();
  await mail.close();
  await own?.drop();
});

async function person(settings: { language?: 'en' | 'ko'; transactionMails?: boolean } = {}) {
  const owner = await kit.person();
  await kit.app.db
    .update(users)
    .set({
      mailLanguage: settings.language ?? 'en',
      transactionMails: settings.transactionMails ?? true,
    })
    .where(eq(users.id, owner.id));
  return owner;
}

async function buy(owner: Person, amount = '2') {
  const account = await kit.account(owner);
  return kit.made(owner, 'buy', account.id, amount);
}

function cancel(owner: Person, id: string) {
  return owner.browser.post(`/api/transactions/${id}/cancel`, {});
}

function mailsTo(email: string) {
  return mail.arrived.filter((arrived) => arrived.to.includes(email));
}

async function outboxOf(transactionId: string) {
  const result = await kit.app.db.execute<{ event: string; sent: boolean; attempts: number }>(
    sql`select event, sent_at is not null as sent, attempts from transaction_mails where transaction_id = ${transactionId}`,
  );
  return result.rows;
}

describe('transaction mails', () => {
  it('mails the owner once when a buy completes, in their stored language', async () => {
    const owner = await person({ language: 'ko' });
    const made = await buy(owner, '2.5');
    await deposit(kit.app, { depositorName: owner.name, amountKrw: made.totalKrw });
    expect(await statusOf(kit.app, made.id)).toBe('Completed');
    expect(await sendDueTransactionMails(kit.app)).toBeGreaterThanOrEqual(1);
    const arrived = await mail.mailTo(owner.email);
    expect(arrived.subject).toBe(`원브릿지 구매 완료: ${made.number}`);
    expect(arrived.text).toContain(`${owner.name}님, 안녕하세요.`);
    expect(arrived.text).toContain(`수량: 2.5 ${kit.asset}`);
    expect(arrived.text).toContain(`https://portal.example/app/transactions/${made.id}`);
    // Drained again: nothing more.
    await sendDueTransactionMails(kit.app);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await outboxOf(made.id)).toEqual([{ event: 'completed', sent: true, attempts: 1 }]);
  });

  it('mails the owner once when a request is cancelled, in English when that is stored', async () => {
    const owner = await person({ language: 'en' });
    const made = await buy(owner);
    expect((await cancel(owner, made.id)).statusCode).toBe(200);
    await sendDueTransactionMails(kit.app);
    const arrived = await mail.mailTo(owner.email);
    expect(arrived.subject).toBe(`WonBridge buy cancelled: ${made.number}`);
    expect(arrived.text).toContain('Your buy request was cancelled.');
    expect(arrived.text).toContain('Merchant: ');
  });

  it('sends nothing to an owner who turned the mails off', async () => {
    const owner = await person({ transactionMails: false });
    const made = await buy(owner);
    expect((await cancel(owner, made.id)).statusCode).toBe(200);
    await sendDueTransactionMails(kit.app);
    expect(await outboxOf(made.id)).toEqual([]);
    expect(mailsTo(owner.email)).toHaveLength(0);
  });

  it('tries a failed send again later, and the mail still arrives once', async () => {
    const owner = await person();
    const made = await buy(owner);
    expect((await cancel(owner, made.id)).statusCode).toBe(200);
    const send = vi.spyOn(kit.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    await sendDueTransactionMails(kit.app);
    send.mockRestore();
    expect(mailsTo(owner.email)).toHaveLength(0);
    expect(await outboxOf(made.id)).toEqual([{ event: 'cancelled', sent: false, attempts: 1 }]);
    // Not before its wait is over; then once.
    await sendDueTransactionMails(kit.app);
    expect(mailsTo(owner.email)).toHaveLength(0);
    await kit.app.db.execute(
      sql`update transaction_mails set claimed_until = now() - interval '1 second' where transaction_id = ${made.id}`,
    );
    await Promise.all([sendDueTransactionMails(kit.app), sendDueTransactionMails(kit.app)]);
    await mail.mailTo(owner.email);
    await sendDueTransactionMails(kit.app);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await outboxOf(made.id)).toEqual([{ event: 'cancelled', sent: true, attempts: 2 }]);
  });

  it('concurrent moves of one request still mail once', async () => {
    const owner = await person();
    const made = await buy(owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(owner, made.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    await Promise.all([sendDueTransactionMails(kit.app), sendDueTransactionMails(kit.app)]);
    await mail.mailTo(owner.email);
    await sendDueTransactionMails(kit.app);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await outboxOf(made.id)).toHaveLength(1);
  });

  it('the Profile switch turns the mails off and on; its language is saved', async () => {
    const owner = await person();
    const read = await owner.browser.get('/api/profile/mail-settings');
    expect(read.json()).toEqual({ transactionMails: true, language: 'en' });
    const off = await owner.browser.put('/api/profile/mail-settings', {
      transactionMails: false,
      language: 'ko',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ transactionMails: false, language: 'ko' });
    const bad = await owner.browser.put('/api/profile/mail-settings', { transactionMails: 'no' });
    expect(bad.statusCode).toBe(400);
  });
});
