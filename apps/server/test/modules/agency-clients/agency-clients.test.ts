import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgencyClient,
  AgencyClientDetail,
  AgencyClientList,
} from '@portal/contract/agency-clients';
import type { App } from '@server/lib/zod-routes';
import type { BrowserClient } from '@test/browser-client';
import { users } from '@server/db/schema';
import { buildTestApp } from '@test/helpers';
import { createAgency } from '@test/identity';
import {
  addAccount,
  addBuy,
  addDocument,
  makeMerchant,
  makeUser,
  marker,
  person,
  type Made,
} from './agency-clients-kit';

let app: App;
let seoul: { id: string; code: string };
let busan: { id: string; code: string };
let seoulAgent: BrowserClient;
let busanAgent: BrowserClient;
/** Seoul's clients, made oldest first. */
let clients: Made[];
let busanClient: Made;
let seoulColleague: Made;
const tag = marker();

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  seoul = await createAgency(app, 'Seoul Test Partners');
  busan = await createAgency(app, 'Busan Test Partners');
  seoulAgent = (await person(app, 'agency', seoul.id)).browser;
  busanAgent = (await person(app, 'agency', busan.id)).browser;
  seoulColleague = await makeUser(app, {
    role: 'agency',
    agencyId: seoul.id,
    name: `Agent ${tag}`,
  });

  // Names with LIKE wildcards, to show a search takes them literally.
  const specs = [
    { name: `김민준 ${tag}`, phone: '010-1111-2222' },
    { name: `Lee 50%off ${tag}`, phone: '010-3333-4444' },
    { name: `Park_Ji ${tag}`, phone: '010-5555-6666' },
    { name: `Choi ${tag}`, phone: '+82 10 7777 8888' },
    { name: `Jung ${tag}`, phone: '010-9999-0000' },
  ];
  clients = [];
  for (const [index, spec] of specs.entries()) {
    clients.push(
      await makeUser(app, {
        agencyId: seoul.id,
        name: spec.name,
        phone: spec.phone,
        email: `client-${index}-${tag}@example.test`,
      }),
    );
  }
  // Each client a minute newer than the last: users made in the same instant (the embedded
  // database's clock can repeat a value) would have no "newest" between them.
  for (const [index, client] of clients.entries()) {
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - make_interval(mins => ${clients.length - index})` })
      .where(eq(users.id, client.id));
  }
  busanClient = await makeUser(app, { agencyId: busan.id, name: `Busan ${tag}` });
  // A client of no agency and an operator: never listed.
  await makeUser(app, { name: `Nobody ${tag}` });
});
afterAll(() => app.close());

async function list(browser: BrowserClient, query = '') {
  const response = await browser.get(`/api/agency/clients${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgencyClientList>();
}

const ids = (items: AgencyClient[]) => items.map((item) => item.id);

describe('GET /api/agency/clients', () => {
  it('lists exactly the agency’s own clients, newest first', async () => {
    const page = await list(seoulAgent);
    expect(page.total).toBe(5);
    expect(ids(page.items)).toEqual(ids([...clients].reverse() as never));
    expect(ids(page.items)).not.toContain(busanClient.id);
    expect(ids(page.items)).not.toContain(seoulColleague.id);

    const other = await list(busanAgent);
    expect(ids(other.items)).toEqual([busanClient.id]);
    expect(other.total).toBe(1);
  });

  it('searches name, email and phone, taking wildcards literally', async () => {
    const search = async (q: string) =>
      ids((await list(seoulAgent, `?q=${encodeURIComponent(q)}`)).items);
    expect(await search('김민준')).toEqual([clients[0]!.id]);
    expect(await search('50%')).toEqual([clients[1]!.id]);
    expect(await search('%')).toEqual([clients[1]!.id]);
    expect(await search('_')).toEqual([clients[2]!.id]);
    expect(await search('park_JI')).toEqual([clients[2]!.id]);
    expect(await search(`client-3-${tag}@`)).toEqual([clients[3]!.id]);
    expect(await search('CLIENT-4')).toEqual([clients[4]!.id]);
    // A phone by its digits, whatever its dashes or spaces.
    expect(await search('01033334444')).toEqual([clients[1]!.id]);
    expect(await search('7777 8888')).toEqual([clients[3]!.id]);
    expect(await search('1077778888')).toEqual([clients[3]!.id]);
    // Busan's client is never found by Seoul, however precise the search.
    expect(await search(busanClient.email)).toEqual([]);
    expect(await search(`Busan ${tag}`)).toEqual([]);
    // An empty search is no search.
    expect(await search('   ')).toHaveLength(5);
  });

  it('pages exactly: every client once, in order, with the total', async () => {
    const all = ids((await list(seoulAgent)).items);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const result = await list(seoulAgent, `?page=${page}&pageSize=2`);
      expect(result).toMatchObject({ total: 5, page, pageSize: 2 });
      pages.push(ids(result.items));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    const beyond = await list(seoulAgent, '?page=4&pageSize=2');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);

    const searched = await list(seoulAgent, `?q=${tag}&page=2&pageSize=3`);
    expect(searched.total).toBe(5);
    expect(ids(searched.items)).toEqual(all.slice(3));
  });

  it('refuses bad paging and script-like searches', async () => {
    for (const query of ['?page=0', '?pageSize=101', '?page=x', '?q=%3Cscript%3E', '?other=1']) {
      const response = await seoulAgent.get(`/api/agency/clients${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('sums up KYC, transaction count and won volume', async () => {
    const merchant = await makeMerchant(app);
    const [none, waiting, approved, rejected] = clients;
    await addDocument(app, waiting!.id, 'id_front', 'submitted');
    await addDocument(app, waiting!.id, 'id_back', 'approved');
    for (const kind of ['id_front', 'id_back', 'selfie', 'bank_book'] as const) {
      await addDocument(app, approved!.id, kind, 'approved');
    }
    await addDocument(app, rejected!.id, 'id_front', 'approved');
    await addDocument(app, rejected!.id, 'selfie', 'rejected');
    await addBuy(app, none!.id, merchant, 10_000, 'Completed');
    await addBuy(app, none!.id, merchant, 25_000, 'Completed');
    await addBuy(app, none!.id, merchant, 5_000, 'Cancelled');
    await addBuy(app, none!.id, merchant, 7_000, 'Requested');

    const byId = new Map((await list(seoulAgent)).items.map((item) => [item.id, item]));
    expect(byId.get(none!.id)).toMatchObject({
      kycStatus: 'not_submitted',
      transactionCount: 4,
      volumeKrw: '35000',
    });
    expect(byId.get(waiting!.id)).toMatchObject({
      kycStatus: 'submitted',
      transactionCount: 0,
      volumeKrw: '0',
    });
    expect(byId.get(approved!.id)?.kycStatus).toBe('approved');
    expect(byId.get(rejected!.id)?.kycStatus).toBe('rejected');
    expect(byId.get(none!.id)).toEqual({
      id: none!.id,
      name: none!.name,
      email: none!.email,
      phone: none!.phone,
      kycStatus: 'not_submitted',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      transactionCount: 4,
      volumeKrw: '35000',
    });
  });
});

describe('GET /api/agency/clients/:id', () => {
  it('shows a client with documents, accounts and the last five transactions', async () => {
    const client = await makeUser(app, { agencyId: seoul.id, name: `Detail ${tag}` });
    const merchant = await makeMerchant(app);
    await addDocument(app, client.id, 'bank_book', 'approved');
    await addAccount(app, client.id, merchant.id);
    await addAccount(app, client.id, merchant.id);
    const made = [];
    for (let index = 0; index < 6; index += 1) {
      made.push(
        await addBuy(
          app,
          client.id,
          merchant,
          1000 * (index + 1),
          'Completed',
          new Date(Date.now() - (6 - index) * 60_000),
        ),
      );
    }
    const response = await seoulAgent.get(`/api/agency/clients/${client.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ client: AgencyClientDetail }>().client;
    expect(detail).toMatchObject({
      id: client.id,
      name: client.name,
      kycStatus: 'submitted',
      transactionCount: 6,
      volumeKrw: '21000',
      merchantAccountCount: 2,
      kycDocuments: [
        { kind: 'id_front', status: 'not_submitted' },
        { kind: 'id_back', status: 'not_submitted' },
        { kind: 'selfie', status: 'not_submitted' },
        { kind: 'bank_book', status: 'approved' },
      ],
    });
    expect(detail.recentTransactions.map((transaction) => transaction.number)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((transaction) => transaction.number),
    );
    expect(detail.recentTransactions[0]).toMatchObject({
      type: 'buy',
      status: 'Completed',
      merchantName: merchant.name,
      asset: merchant.asset,
      totalKrw: '6000',
    });
  });

  it('is not found for another agency’s client, a colleague, or nobody', async () => {
    for (const id of [busanClient.id, seoulColleague.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      const response = await seoulAgent.get(`/api/agency/clients/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const mine = await busanAgent.get(`/api/agency/clients/${busanClient.id}`);
    expect(mine.statusCode).toBe(200);
    expect((await busanAgent.get(`/api/agency/clients/${clients[0]!.id}`)).statusCode).toBe(404);
  });

  it('is for agency users only: clients and operators get 403', async () => {
    const client = await person(app, 'client', seoul.id);
    const operator = await person(app, 'operator');
    for (const browser of [client.browser, operator.browser]) {
      for (const url of ['/api/agency/clients', `/api/agency/clients/${clients[0]!.id}`]) {
        const response = await browser.get(url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
    }
  });
});
