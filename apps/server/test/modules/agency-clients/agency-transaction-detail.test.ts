import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTransactionDetail } from '@portal/contract/transactions';
import { transactions } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import { createAgency } from '@test/identity';
import { addBuy, makeMerchant, makeUser, person } from './agency-clients-kit';

let app: App;
let seoul: { id: string };
let busan: { id: string };

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  seoul = await createAgency(app, 'Seoul Detail Partners');
  busan = await createAgency(app, 'Busan Detail Partners');
});
afterAll(() => app.close());

/** A client of `agencyId` with one Completed buy counted for that agency. */
async function clientBuy(agencyId: string) {
  const client = await makeUser(app, { agencyId });
  const merchant = await makeMerchant(app);
  const buy = await addBuy(app, client.id, merchant, 50_000, 'Completed');
  await app.db
    .update(transactions)
    .set({ clientAgencyId: agencyId })
    .where(eq(transactions.id, buy.id));
  return { client, buy };
}

describe('GET /api/agency/transactions/:id', () => {
  it('opens a client’s transaction with its history and whose it is', async () => {
    const { client, buy } = await clientBuy(seoul.id);
    const agent = await person(app, 'agency', seoul.id);
    const response = await agent.browser.get(`/api/agency/transactions/${buy.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AgencyTransactionDetail>();
    expect(detail.number).toBe(buy.number);
    expect(detail.status).toBe('Completed');
    expect(detail.totalKrw).toBe('50000');
    expect(detail.client).toEqual({ id: client.id, name: client.name, email: client.email });
    expect(Array.isArray(detail.events)).toBe(true);
  });

  it('is not found for another agency’s client, or a transaction that does not exist', async () => {
    const { buy } = await clientBuy(busan.id);
    const agent = await person(app, 'agency', seoul.id);
    for (const id of [buy.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      const response = await agent.browser.get(`/api/agency/transactions/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const malformed = await agent.browser.get('/api/agency/transactions/not-an-id');
    expect(malformed.statusCode).toBe(400);
  });

  it('is for agency users only, even for the client who owns it', async () => {
    const { buy } = await clientBuy(seoul.id);
    const client = await person(app, 'client', seoul.id);
    const operator = await person(app, 'operator');
    for (const browser of [client.browser, operator.browser]) {
      const response = await browser.get(`/api/agency/transactions/${buy.id}`);
      expect(response.statusCode).toBe(403);
    }
  });
});
