import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type Language, noSideways } from '../support/browser';
import { callApi, makeBuy } from '../support/api';
import { approvalOf, approveAs } from '../support/approvals';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * Four-eyes in a real browser (docs/decisions/017), in English and Korean at 1280 and 375 px:
 * the first operator asks to cancel a buy, sees it in the queue as their own without Approve (and
 * the API refuses them), the second operator approves it from the queue and the buy is
 * cancelled; an agency proposes a new bank account, its client keeps seeing the old one until
 * the second operator approves it, then sees the new one.
 */
const baseURL = inject('baseURL');
const FIRST_OPERATOR_NAME = '이운영';
const BUSAN_AGENCY = { email: 'busan@wonbridge.example', password: 'Agency#2026!' };
const BUSAN_CLIENT = { email: 'haneul.kang@wonbridge.example', password: 'Client#2026!' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['en', 'ko'] as const)('four-eyes in %s', (language: Language) => {
  const a = (key: string, values?: Record<string, string | number>) =>
    text(language, 'approvals', key, values);
  const c = (key: string, values?: Record<string, string | number>) =>
    text(language, 'common', key, values);
  const b = (key: string) => text(language, 'agencyBankAccount', key);

  it.each(['desktop', 'phone'] as const)(
    'one operator asks to cancel a buy, another approves it (%s)',
    async (viewport) => {
      const client = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.client,
        path: '/app',
      });
      const buy = await makeBuy(client.page, 23);

      const maker = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.operator,
        path: '/app/operator/approvals',
      });
      const asked = approvalOf(
        await callApi(maker.page, 'POST', `/operator/transactions/${buy.id}/cancel`, {
          reason: 'E2E: asked twice',
        }),
      );
      // Nothing happened yet.
      const before = await callApi<{ status: string }>(
        maker.page,
        'GET',
        `/operator/transactions/${buy.id}`,
      );
      expect(before.body.status).toBe('Requested');

      // The maker sees it as their own: waiting for another operator, no Approve.
      await maker.page.reload();
      const kind = c('approvals.kinds.buy_cancellation');
      const own = maker.page.locator('tr, li').filter({ hasText: buy.number });
      await own.getByText(a('own')).waitFor();
      await expect(own.getByRole('button', { name: a('actions.approve') }).count()).resolves.toBe(
        0,
      );
      await own.getByRole('button', { name: a('actions.withdrawLabel', { kind }) }).waitFor();
      const refused = await callApi<{ error: { code: string } }>(
        maker.page,
        'POST',
        `/operator/approvals/${asked.id}/approve`,
        {},
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('APPROVAL_OWN_ACTION');

      // The second operator approves it from the queue, after seeing the change.
      const checker = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.operator2,
        path: '/app/operator/approvals',
      });
      const item = checker.page.locator('tr, li').filter({ hasText: buy.number });
      await item.getByText(a('change.reason', { reason: 'E2E: asked twice' })).waitFor();
      await noSideways(checker.page);
      if (viewport === 'desktop') {
        // The whole row is on screen at 1280 px: no column, no button cut off (docs/decisions/021).
        const reject = item.getByRole('button', { name: new RegExp(`^${a('actions.reject')}`) });
        const box = await reject.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(1280 - 16);
        const scrolls = await item.evaluate((row) => {
          const table = row.closest('table');
          const box = table?.parentElement;
          return box ? box.scrollWidth > box.clientWidth + 1 : false;
        });
        expect(scrolls).toBe(false);
      }
      await screenshot(checker.page, `approvals-queue-${language}-${viewport}`);
      await item
        .getByRole('button', {
          name: a('actions.approveLabel', { kind, name: FIRST_OPERATOR_NAME }),
        })
        .click();
      const dialog = checker.page.getByRole('dialog', { name: a('approve.title', { kind }) });
      await dialog.getByText(buy.number).waitFor();
      await dialog.getByRole('button', { name: a('approve.submit') }).click();
      await checker.page.getByText(a('done.approved', { kind })).waitFor();

      // Carried out: the buy is cancelled, and the decided tab says who decided.
      await expect
        .poll(
          async () =>
            (
              await callApi<{ status: string }>(
                checker.page,
                'GET',
                `/operator/transactions/${buy.id}`,
              )
            ).body.status,
        )
        .toBe('Cancelled');
      await checker.page.goto(`${baseURL}/app/operator/approvals?view=decided`);
      const decided = checker.page.locator('tr, li').filter({ hasText: buy.number });
      await decided.getByText(c('approvals.statuses.approved')).first().waitFor();
      await noSideways(checker.page);
      await screenshot(checker.page, `approvals-decided-${language}-${viewport}`);

      for (const session of [client, maker, checker]) {
        expect(session.errors).toEqual([]);
        await session.context.close();
      }
    },
  );

  it('an agency proposes a bank account; its client sees it only once approved', async () => {
    const agency = await openSignedIn(browser, baseURL, {
      language,
      user: BUSAN_AGENCY,
      path: '/app/agency-bank-account',
    });
    const original = (
      await callApi<{
        account: { bankName: string; accountNumber: string; accountHolder: string };
      }>(agency.page, 'GET', '/agency/bank-account')
    ).body.account;
    const next = `110-${randomBytes(3).readUIntBE(0, 3) % 1_000_000}-${language === 'en' ? 1 : 2}0`;
    const form = agency.page.getByRole('region', { name: b('form.title') });
    const number = form.getByRole('textbox', { name: b('form.accountNumber') });
    await expect.poll(() => number.inputValue()).toBe(original.accountNumber);
    await number.fill(next);
    await form.getByRole('button', { name: b('form.save') }).click();
    await agency.page.getByText(c('approvals.sentToOperator')).waitFor();
    await form.getByText(b('proposal.title')).waitFor();
    await form.getByText(next, { exact: false }).first().waitFor();
    await screenshot(agency.page, `approvals-agency-proposal-${language}-desktop`);

    // The client still sees the account in force.
    const client = await openSignedIn(browser, baseURL, {
      language,
      user: BUSAN_CLIENT,
      path: '/app/agency-bank-account',
    });
    const card = client.page.getByRole('region', {
      name: text(language, 'transactions', 'depositAccount.title'),
    });
    await card.getByText(original.accountNumber, { exact: true }).waitFor();
    await expect(card.getByText(next, { exact: true }).count()).resolves.toBe(0);

    // The second operator approves it from the queue.
    const checker = await openSignedIn(browser, baseURL, {
      language,
      user: DEMO_USERS.operator2,
      path: '/app/operator/approvals?kind=agency_bank_account',
    });
    const kind = c('approvals.kinds.agency_bank_account');
    const item = checker.page.locator('tr').filter({ hasText: next });
    await item.getByRole('button', { name: new RegExp(`^${a('actions.approve')}`) }).click();
    const dialog = checker.page.getByRole('dialog', { name: a('approve.title', { kind }) });
    await dialog.getByRole('button', { name: a('approve.submit') }).click();
    await checker.page.getByText(a('done.approved', { kind })).waitFor();

    // Now the client sees the new account.
    await client.page.reload();
    await card.getByText(next, { exact: true }).waitFor();

    // Put the demo account back, for the other tests and a human looking at the demo.
    const restore = approvalOf(await callApi(agency.page, 'PUT', '/agency/bank-account', original));
    await approveAs(checker.page, restore);

    for (const session of [agency, client, checker]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
  });
});
