import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositReviewReason } from '@portal/contract/transactions';
import { merchantAccounts, users } from '@server/db/schema';
import { createBuy } from '@server/modules/transactions/requests';
import { TEST_DATABASE_URL } from '@test/helpers';
import {
  HEALTHY_LEDGER,
  MAX_PER_REQUEST,
  deposit,
  ledgerHealth,
  moneyKit,
  statusOf,
  uniqueAmount,
  uniqueKoreanName,
  type MoneyKit,
} from './money-test-kit';
import { depth } from '@test/depth';

/**
 * Near misses never complete a buy (docs/PRODUCT.md "Deposit matching": name after trimming, NFC and folding inner
 * spaces, amount exactly, request made before). Every near-miss deposit targets a real open buy
 * request made by the real service, and must land in the operator's queue with the right reason.
 * A near miss moves the requests it concerns to Pending, so each request serves one near miss:
 * per person, seven requests take six near misses.
 *
 * In the deep run (test/depth.ts) 10,000 deposits on real PostgreSQL (DATABASE_URL) and 1,000 on
 * embedded PGlite, which is slower; 300 in `npm test`.
 */
const DEPOSITS = depth(TEST_DATABASE_URL ? 10_000 : 1_000, 300);
const PER_PERSON = 6;
/** People whose requests are open at once. */
const GROUP = 100;

/**
 * Units above what any other test asks for (money-test-kit.ts MAX_PER_REQUEST): this file holds
 * hundreds of open requests at a time over a range of 11,669 consecutive units, and deposit
 * matching looks at every open request in the database, so on a shared database another file's
 * deposit of the same total would take one of them to review (and this file's deposits theirs).
 */
const FIRST_UNITS = 2 * Number(MAX_PER_REQUEST);

let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({
    config: { logLevel: 'error', quoteMaxAgeSeconds: 3600 },
    maxPerRequest: String(10 * Number(MAX_PER_REQUEST)),
  });
});
afterAll(() => kit.close());

interface Client {
  userId: string;
  /** Registered name with one inner space: '김 민준수'. */
  name: string;
  accountId: string;
}

interface Case {
  kind: string;
  depositorName: string;
  amountKrw: string;
  expected: DepositReviewReason;
  related: string[];
}

/** People (with one inner space in their names) and saved accounts, inserted in bulk. */
async function makeClients(count: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const batch = Array.from({ length: size }, () => {
      const syllables = [...uniqueKoreanName()];
      const split = 1 + (randomBytes(1)[0]! % 3);
      return {
        email: `near-miss-${randomUUID()}@example.test`,
        name: `${syllables.slice(0, split).join('')} ${syllables.slice(split).join('')}`,
        phone: '010-1234-5678',
        passwordHash: 'no-password',
        role: 'client' as const,
        agencyId: kit.agencyId,
        emailVerifiedAt: new Date(),
      };
    });
    const inserted = await kit.app.db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, name: users.name });
    const accounts = inserted.map((user) => ({
      id: randomUUID(),
      userId: user.id,
      merchantId: kit.merchantId,
      accountNumber: `NM-${randomBytes(5).toString('hex')}`,
      holderName: user.name,
      name: 'near miss',
      isDefault: true,
      // Never used: a buy does not call the merchant until it completes, and none of these does.
      linkTokenCiphertext: 'unused',
    }));
    await kit.app.db.insert(merchantAccounts).values(accounts);
    inserted.forEach((user, index) =>
      clients.push({ userId: user.id, name: user.name, accountId: accounts[index]!.id }),
    );
  }
  return clients;
}

/** One syllable (not the space) moved to the next code point: another name. */
function changeSyllable(name: string, seed: number): string {
  const characters = [...name];
  const positions = characters.flatMap((character, index) => (character === ' ' ? [] : [index]));
  const at = positions[seed % positions.length]!;
  characters[at] = String.fromCharCode(characters[at]!.charCodeAt(0) + 1);
  return characters.join('');
}

function insertAt(name: string, seed: number, text: string): string {
  const characters = [...name];
  const at = 1 + (seed % (characters.length - 1));
  return [...characters.slice(0, at), text, ...characters.slice(at)].join('');
}

function plusWon(amountKrw: string, delta: number): string {
  return String(BigInt(amountKrw) + BigInt(delta));
}

describe('near-miss deposits', () => {
  it(
    `${DEPOSITS.toLocaleString('en')} near misses complete nothing; true matches still do`,
    { timeout: 900_000 },
    async () => {
      const started = Date.now();
      const quoter = await kit.person();
      const quoteToken = await kit.quote(quoter, 'buy');
      const people = Math.ceil(DEPOSITS / PER_PERSON);
      const clients = await makeClients(people);

      // Whole units one apart: every total is 1,392 or 1,393 won from the next, so a deposit
      // 1 won off never fits another request.
      const base = FIRST_UNITS + (randomBytes(4).readUInt32BE(0) % (3 * FIRST_UNITS));
      let next = 0;
      const amount = () => String(base + next++);
      const buy = (client: Client, units: string) =>
        createBuy(kit.app, client.userId, {
          accountId: client.accountId,
          amount: units,
          quoteToken,
        });
      const totals = new Map<string, string>();
      const totalOf = async (id: string) => {
        const result = await kit.app.db.execute<{ total: string }>(
          sql`select total_krw::text as total from transactions where id = ${id}`,
        );
        return result.rows[0]!.total;
      };

      /** Makes the requests of these people and returns the near misses aimed at them. */
      const makeCases = async (group: Client[], firstSeed: number): Promise<Case[]> => {
        const cases: Case[] = [];
        const batchSize = TEST_DATABASE_URL ? 8 : 1;
        for (let start = 0; start < group.length; start += batchSize) {
          await Promise.all(
            group.slice(start, start + batchSize).map(async (client, offset) => {
              const seed = firstSeed + start + offset;
              const ids: string[] = [];
              for (let i = 0; i < 5; i += 1) ids.push(await buy(client, amount()));
              const twice = amount();
              const pair = [await buy(client, twice), await buy(client, twice)];
              for (const id of [...ids, pair[0]!]) totals.set(id, await totalOf(id));
              const [syllable, zeroWidth, fullWidth, noSpace, amountOff] = ids as [
                string,
                string,
                string,
                string,
                string,
              ];
              const won = (id: string) => totals.get(id)!;
              cases.push(
                {
                  kind: 'one syllable changed',
                  depositorName: changeSyllable(client.name, seed),
                  amountKrw: won(syllable),
                  expected: 'name_differs',
                  related: [syllable],
                },
                {
                  kind: 'zero-width space inside',
                  depositorName: insertAt(client.name, seed, '\u200b'),
                  amountKrw: won(zeroWidth),
                  expected: 'name_differs',
                  related: [zeroWidth],
                },
                {
                  kind: 'full-width space',
                  depositorName:
                    seed % 2 === 0 ? client.name.replace(' ', '\u3000') : `${client.name}\u3000`,
                  amountKrw: won(fullWidth),
                  expected: 'name_differs',
                  related: [fullWidth],
                },
                {
                  kind: 'missing space',
                  depositorName: client.name.replace(' ', ''),
                  amountKrw: won(noSpace),
                  expected: 'name_differs',
                  related: [noSpace],
                },
                {
                  kind: 'two fitting requests',
                  depositorName: client.name,
                  amountKrw: won(pair[0]!),
                  expected: 'multiple_candidates',
                  related: pair,
                },
                {
                  // Last: it concerns every open request in the name, and by now only this one is.
                  kind: seed % 2 === 0 ? '1 won more' : '1 won less',
                  depositorName: client.name,
                  amountKrw: plusWon(won(amountOff), seed % 2 === 0 ? 1 : -1),
                  expected: 'amount_differs',
                  related: [amountOff],
                },
              );
            }),
          );
        }
        return cases;
      };

      // People in groups: their requests are made, then their near misses deposited one after
      // another in the order written (so the open requests stay a few hundred at a time, as in
      // real life, rather than ten thousand).
      const run = randomBytes(4).toString('hex');
      const mismatches: string[] = [];
      const byKind = new Map<string, number>();
      const byReason = new Map<string, number>();
      let settled = 0;
      let index = 0;
      let requestsMade = 0;
      let makingMs = 0;
      let depositingMs = 0;
      for (let first = 0; first < clients.length; first += GROUP) {
        const group = clients.slice(first, first + GROUP);
        const making = Date.now();
        const cases = (await makeCases(group, first)).slice(0, DEPOSITS - index);
        requestsMade += group.length * 7;
        const depositing = Date.now();
        makingMs += depositing - making;
        for (const nearMiss of cases) {
          const recorded = await deposit(kit.app, {
            bankReference: `NM-${run}-${index++}`,
            depositorName: nearMiss.depositorName,
            amountKrw: nearMiss.amountKrw,
          });
          const { status, reviewReason, relatedTransactionIds } = recorded.deposit;
          if (status === 'settled') settled += 1;
          byKind.set(nearMiss.kind, (byKind.get(nearMiss.kind) ?? 0) + 1);
          byReason.set(
            `${status}:${reviewReason}`,
            (byReason.get(`${status}:${reviewReason}`) ?? 0) + 1,
          );
          const related = [...relatedTransactionIds].sort().join(',');
          if (
            status !== 'review' ||
            reviewReason !== nearMiss.expected ||
            related !== [...nearMiss.related].sort().join(',')
          ) {
            mismatches.push(
              `${nearMiss.kind} ${JSON.stringify(nearMiss.depositorName)} ${nearMiss.amountKrw}: ${status} ${reviewReason} [${related}]`,
            );
          }
        }
        depositingMs += Date.now() - depositing;
      }

      const depositRows = await kit.app.db.execute<{
        status: string;
        reason: string | null;
        n: string | number;
      }>(
        sql`select status, review_reason as reason, count(*) as n from deposits
             where bank_reference like ${`NM-${run}-%`} group by status, review_reason`,
      );
      const requestRows = await kit.app.db.execute<{ status: string; n: string | number }>(
        sql`select status, count(*) as n from transactions where merchant_id = ${kit.merchantId} group by status`,
      );
      const requestStatuses = Object.fromEntries(
        requestRows.rows.map((row) => [row.status, Number(row.n)]),
      );
      console.log(
        `[near-miss] ${index} deposits against ${requestsMade} buy requests of ${clients.length} people, made ${GROUP} people at a time (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n` +
          `  by case: ${JSON.stringify(Object.fromEntries(byKind))}\n` +
          `  by outcome: ${JSON.stringify(Object.fromEntries(byReason))}\n` +
          `  deposits in the database: ${JSON.stringify(depositRows.rows.map((row) => ({ ...row, n: Number(row.n) })))}\n` +
          `  requests by status: ${JSON.stringify(requestStatuses)}\n` +
          `  automatic completions: ${settled}; mismatches: ${mismatches.length}\n` +
          `  requests made in ${makingMs} ms, deposits recorded in ${depositingMs} ms, ${Date.now() - started} ms in all`,
      );

      expect(mismatches.slice(0, 20)).toEqual([]);
      expect(settled).toBe(0);
      expect(depositRows.rows.every((row) => row.status === 'review')).toBe(true);
      expect(depositRows.rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(DEPOSITS);
      expect(requestStatuses.Completed ?? 0).toBe(0);

      // The true matches still complete on their own.
      const variants: Array<[string, (name: string) => string]> = [
        ['decomposed (NFD) Hangul', (name) => name.normalize('NFD')],
        ['spaces around', (name) => `  ${name} \t`],
        ['doubled inner space', (name) => name.replace(' ', '  ')],
        [
          'NFD, spaces around and doubled inside',
          (name) => ` ${name.replace(' ', '   ').normalize('NFD')} `,
        ],
      ];
      for (const [label, variant] of variants) {
        const syllables = [...uniqueKoreanName()];
        const owner = await kit.person({
          name: `${syllables.slice(0, 2).join('')} ${syllables.slice(2).join('')}`,
        });
        const account = await kit.account(owner);
        const request = await kit.made(owner, 'buy', account.id, uniqueAmount());
        const depositorName = variant(owner.name);
        expect(depositorName, label).not.toBe(owner.name);
        const recorded = await deposit(kit.app, { depositorName, amountKrw: request.totalKrw });
        expect(recorded.deposit, label).toMatchObject({
          status: 'settled',
          matchedTransactionId: request.id,
        });
        expect(await statusOf(kit.app, request.id), label).toBe('Completed');
      }
      expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
    },
  );
});
