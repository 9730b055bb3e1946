import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchErrors,
  type Language,
} from '../support/browser';
import { text, translation } from '../support/locales';
import { nameTag } from '../support/names';
import { DEMO_USERS, signIn } from '../support/session';
import { repoRoot } from '../support/portal-server';
import { callApi } from '../support/api';

/**
 * The identity journey in a real browser against the built portal, in English and in Korean:
 * sign up (the short-password rule first), sign out and in, upload the four verification
 * documents, and have the demo operator approve one of them.
 */
const baseURL = inject('baseURL');
const OPERATOR = DEMO_USERS.operator;
const KINDS = ['id_front', 'id_back', 'selfie', 'bank_book'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A real PNG, built here: `size`×`size` pixels of one colour. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([r, g, b]).flat())]);
  const pixels = Buffer.concat(Array<Buffer>(size).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const files = {
  id_front: { name: 'id-front.png', mimeType: 'image/png', buffer: png(40, [30, 110, 200]) },
  id_back: {
    name: 'id-back.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(join(repoRoot, 'e2e/fixtures/id-back.jpg')),
  },
  selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: png(32, [230, 180, 150]) },
  bank_book: { name: 'bank-book.png', mimeType: 'image/png', buffer: png(24, [250, 250, 240]) },
} as const;

async function signOut(page: Page, language: Language) {
  await page
    .getByRole('button', { name: text(language, 'common', 'nav.logout'), exact: true })
    .click();
  await page.waitForURL(`${baseURL}/`);
  await page.getByText(text(language, 'auth', 'signOut.success')).waitFor();
}

const card = (page: Page, language: Language, kind: (typeof KINDS)[number]): Locator =>
  page.getByRole('region', { name: text(language, 'kyc', `kinds.${kind}.title`), exact: true });

describe.each(['en', 'ko'] as const)('identity in %s', (language: Language) => {
  it('signs up, uploads the four documents, and sees one approved by the operator', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `identity-${language}-${stamp}@example.com`;
    const tag = nameTag(stamp.slice(-4), language);
    const name = language === 'ko' ? `김하늘${tag}` : `Haneul Kim ${tag}`;
    const password = 'a long enough password';

    // Sign up from the header; the short-password rule speaks the page's language.
    await page.goto(baseURL);
    await page
      .getByRole('banner')
      .getByRole('link', { name: text(language, 'common', 'actions.signUp') })
      .click();
    const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signUp.title') });
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe('?auth=sign-up');
    const label = (key: string) =>
      dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
    await label('name').fill(name);
    await label('email').fill(email);
    await label('phone').fill('010-2345-6789');
    await label('password').fill('12345678');
    await label('confirmPassword').click();
    const tooShort = translation(language, 'validation', 'passwordTooShort');
    if (language === 'en') expect(tooShort).toBe('Password must be more than 8 letter.');
    await dialog.getByText(tooShort, { exact: true }).waitFor();
    await screenshot(page, `identity-sign-up-short-password-${language}`);

    await label('password').fill(password);
    await label('confirmPassword').fill(password);
    await dialog.getByRole('button', { name: text(language, 'auth', 'signUp.submit') }).click();
    await page.waitForURL(`${baseURL}/app`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.dashboard') })
      .waitFor();
    await page.getByRole('banner').getByText(name).waitFor();

    // Out, then back in through the guard, which returns to the page asked for.
    await signOut(page, language);
    await page.goto(`${baseURL}/app/profile`);
    await page.waitForURL(/\?auth=sign-in&next=%2Fapp%2Fprofile$/);
    await signIn(page, language, email, password);
    await page.waitForURL(`${baseURL}/app/profile`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.profile') })
      .waitFor();

    // The four documents: pick, preview, upload, "Submitted".
    const submitted = text(language, 'kyc', 'status.submitted');
    for (const kind of KINDS) {
      const region = card(page, language, kind);
      await region
        .getByText(text(language, 'kyc', 'status.not_submitted'), { exact: true })
        .waitFor();
      await region.locator('input[type="file"]').setInputFiles(files[kind]);
      const title = text(language, 'kyc', `kinds.${kind}.title`);
      await region
        .getByRole('img', { name: text(language, 'kyc', 'card.pickedAlt', { document: title }) })
        .waitFor();
      await region.getByRole('button', { name: text(language, 'kyc', 'card.upload') }).click();
      await region.getByText(submitted, { exact: true }).waitFor();
      // The stored file comes back through the API client and shows as an image.
      await region
        .getByRole('img', { name: text(language, 'kyc', 'card.storedAlt', { document: title }) })
        .waitFor();
    }
    await screenshot(page, `identity-profile-submitted-${language}`);
    await signOut(page, language);

    // The operator approves the ID front.
    await page.goto(`${baseURL}/app/operator/kyc`);
    await signIn(page, language, OPERATOR.email, OPERATOR.password);
    await page.waitForURL(`${baseURL}/app/operator/kyc`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.kycReview') })
      .waitFor();
    const front = text(language, 'kyc', 'kinds.id_front.title');
    const rows = page.getByRole('row').filter({ hasText: email });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    await screenshot(page, `identity-review-queue-${language}`);
    await page
      .getByRole('button', {
        name: text(language, 'kycReview', 'actions.approveLabel', { document: front, name }),
      })
      .click();
    // Approving asks first (docs/decisions/023).
    const confirm = page.getByRole('dialog', {
      name: text(language, 'kycReview', 'approve.title'),
    });
    await confirm
      .getByText(text(language, 'kycReview', 'approve.lead', { document: front, name }))
      .waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.mantine-Modal-content')].every(
        (element) => getComputedStyle(element).opacity === '1',
      ),
    );
    await screenshot(page, `identity-review-approve-confirm-${language}`, { fullPage: false });
    await confirm
      .getByRole('button', { name: text(language, 'kycReview', 'approve.submit') })
      .click();
    await page
      .getByText(text(language, 'kycReview', 'approve.done', { document: front, name }))
      .waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    // The approved list names who reviewed it, with the time in Korea.
    await page.goto(`${baseURL}/app/operator/kyc?status=approved`);
    const reviewed = page.getByRole('row').filter({ hasText: email });
    await reviewed.first().waitFor();
    const operatorName = (await callApi<{ user: { name: string } }>(page, 'GET', '/auth/me')).body
      .user.name;
    await reviewed
      .first()
      .getByText(text(language, 'kycReview', 'reviewedBy', { name: operatorName }))
      .waitFor();
    await screenshot(page, `identity-review-approved-${language}`);
    await signOut(page, language);

    // The user sees it approved; the others are still under review.
    await page.goto(`${baseURL}/app/profile`);
    await signIn(page, language, email, password);
    await page.waitForURL(`${baseURL}/app/profile`);
    await card(page, language, 'id_front')
      .getByText(text(language, 'kyc', 'status.approved'), { exact: true })
      .waitFor();
    for (const kind of ['id_back', 'selfie', 'bank_book'] as const) {
      await card(page, language, kind).getByText(submitted, { exact: true }).waitFor();
    }

    // One document approved: the name deposits are matched by is locked; a new one is a
    // request with a photo of the new card (docs/decisions/010).
    const p = (key: string, values?: Record<string, string>) =>
      text(language, 'profile', key, values);
    const nameInput = page.getByRole('textbox', { name: p('fields.name') });
    await page.getByText(p('personal.nameLocked')).waitFor();
    expect(await nameInput.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: p('nameChange.open') }).click();
    const request = page.getByRole('dialog', { name: p('nameChange.title') });
    const newName = language === 'ko' ? `김하람${tag}` : `Haram Kim ${tag}`;
    await request.getByRole('textbox', { name: p('nameChange.newName') }).fill(newName);
    await request.locator('input[type="file"]').setInputFiles(files.id_front);
    await screenshot(page, `identity-name-change-request-${language}`);
    await request.getByRole('button', { name: p('nameChange.submit') }).click();
    await page.getByText(p('nameChange.waiting', { name: newName })).waitFor();
    await screenshot(page, `identity-name-change-waiting-${language}`);

    // Not verified yet (three documents wait): Buy says so and keeps Request disabled.
    await page.goto(`${baseURL}/app/buy`);
    await page.getByText(text(language, 'common', 'verificationRequired.title')).waitFor();
    const requestButton = page.getByRole('button', {
      name: text(language, 'transactions', 'form.request'),
    });
    expect(await requestButton.isDisabled()).toBe(true);
    await screenshot(page, `identity-buy-unverified-${language}`);
    await page
      .getByRole('link', { name: text(language, 'common', 'verificationRequired.link') })
      .click();
    await page.waitForURL(`${baseURL}/app/profile`);
    await signOut(page, language);

    // The operator compares the new name with the card and approves it.
    await page.goto(`${baseURL}/app/operator/kyc`);
    await signIn(page, language, OPERATOR.email, OPERATOR.password);
    await page.waitForURL(`${baseURL}/app/operator/kyc`);
    const n = (key: string, values?: Record<string, string>) =>
      text(language, 'nameChangeReview', key, values);
    const changes = page.getByRole('list', { name: n('title') });
    await changes.getByText(newName).waitFor();
    await screenshot(page, `identity-name-change-queue-${language}`);
    await changes
      .getByRole('listitem')
      .filter({ hasText: newName })
      .getByRole('button', { name: n('actions.approveLabel', { name }) })
      .click();
    await page.getByText(n('approved', { from: name, to: newName })).waitFor();
    await signOut(page, language);

    // The user is known by the new name from now on.
    await page.goto(`${baseURL}/app/profile`);
    await signIn(page, language, email, password);
    await page.waitForURL(`${baseURL}/app/profile`);
    await page.getByRole('banner').getByText(newName).waitFor();
    await page.getByText(p('nameChange.approved', { name: newName })).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells an unverified user on a phone why Buy and Sell wait', async () => {
    const context = await newContext(browser, { language, viewport: 'phone' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `unverified-${language}-${stamp}@example.com`;
    await page.goto(baseURL);
    // Asking who is signed in hands the page its anti-forgery cookie, which sign-up echoes.
    await callApi(page, 'GET', '/auth/me');
    const signUp = await callApi(page, 'POST', '/auth/sign-up', {
      name: language === 'ko' ? '박미확인' : 'Unverified Park',
      email,
      phone: '010-3456-7890',
      password: 'a long enough password',
      confirmPassword: 'a long enough password',
    });
    expect(signUp.status).toBe(201);
    for (const side of ['buy', 'sell'] as const) {
      await page.goto(`${baseURL}/app/${side}`);
      await page.getByText(text(language, 'common', 'verificationRequired.title')).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await screenshot(page, `identity-${side}-unverified-${language}-phone`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a client out of the operator queue', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    await page.goto(`${baseURL}/app/operator/kyc`);
    await signIn(page, language, 'client@wonbridge.example', 'Client#2026!');
    await page.waitForURL(`${baseURL}/app/operator/kyc`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'errors', 'notFound.title') })
      .waitFor();
    const menu = page.getByRole('navigation', { name: text(language, 'common', 'nav.app') });
    expect(await menu.getByText(text(language, 'common', 'nav.kycReview')).count()).toBe(0);
    await context.close();
  });
});
