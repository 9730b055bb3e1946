import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInDevice } from '@portal/contract/signed-in-devices';
import type { App } from '@server/lib/zod-routes';
import { placeOf } from '@server/lib/devices/place';
import { deviceOf } from '@server/lib/devices/device';
import { BrowserClient, GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { auditTrail, createUser, whoIs } from '@test/identity';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

/** A browser of `email` signed in from `address` with `userAgent`. */
async function signedInFrom(email: string, address: string, userAgent: string) {
  const browser = new BrowserClient(app, { remoteAddress: address, userAgent });
  await browser.visit();
  const response = await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
  expect(response.statusCode).toBe(200);
  return browser;
}

async function devicesOf(browser: BrowserClient): Promise<SignedInDevice[]> {
  const response = await browser.get('/api/profile/devices');
  expect(response.statusCode).toBe(200);
  return response.json<{ devices: SignedInDevice[] }>().devices;
}

describe('signed-in devices', () => {
  it('lists each open session with its device, place, address and which one is this', async () => {
    const user = await createUser(app);
    const phone = await signedInFrom(user.email, '211.234.10.1', IPHONE);
    const office = await signedInFrom(user.email, '10.20.30.40', WINDOWS_CHROME);
    const devices = await devicesOf(office);
    expect(devices).toHaveLength(2);
    const here = devices.find((device) => device.current)!;
    const there = devices.find((device) => !device.current)!;
    expect(here).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      kind: 'desktop',
      ip: '10.20.30.40',
      network: 'private',
      country: null,
    });
    expect(there).toMatchObject({
      browser: 'Safari',
      os: 'iOS',
      kind: 'mobile',
      ip: '211.234.10.1',
      network: 'public',
      country: 'KR',
    });
    expect(here.id).toMatch(/^[0-9a-f]{32}$/);
    // The list never carries a session's own id or token.
    const body = JSON.stringify(devices);
    for (const cookie of [
      phone.cookies.get('portal_session')!,
      office.cookies.get('portal_session')!,
    ]) {
      expect(body).not.toContain(cookie);
    }
  });

  it('ends another device’s session, leaves this one, and records it', async () => {
    const user = await createUser(app);
    const phone = await signedInFrom(user.email, '211.234.10.1', IPHONE);
    const office = await signedInFrom(user.email, '10.20.30.40', WINDOWS_CHROME);
    const there = (await devicesOf(office)).find((device) => !device.current)!;
    const response = await office.delete(`/api/profile/devices/${there.id}`);
    expect(response.statusCode).toBe(204);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(office)).toBe(user.email);
    expect((await devicesOf(office)).map((device) => device.current)).toEqual([true]);
    const actions = (await auditTrail(app, user.id)).map((event) => event.action);
    expect(actions).toContain('session_ended_by_user');
  });

  it('signs out everywhere else at once', async () => {
    const user = await createUser(app);
    const others = [
      await signedInFrom(user.email, '211.234.10.1', IPHONE),
      await signedInFrom(user.email, '8.8.8.8', IPHONE),
    ];
    const office = await signedInFrom(user.email, '10.20.30.40', WINDOWS_CHROME);
    const response = await office.post('/api/profile/devices/sign-out-others', {});
    expect(response.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await whoIs(other)).toBeNull();
    expect(await whoIs(office)).toBe(user.email);
  });

  it('ending this device’s own session signs it out', async () => {
    const user = await createUser(app);
    const office = await signedInFrom(user.email, '10.20.30.40', WINDOWS_CHROME);
    const here = (await devicesOf(office)).find((device) => device.current)!;
    expect((await office.delete(`/api/profile/devices/${here.id}`)).statusCode).toBe(204);
    expect(await whoIs(office)).toBeNull();
  });

  it('never shows or ends someone else’s sessions: 404, nothing ended', async () => {
    const owner = await createUser(app);
    const stranger = await createUser(app);
    const ownerBrowser = await signedInFrom(owner.email, '211.234.10.1', IPHONE);
    const strangerBrowser = await signedInFrom(stranger.email, '8.8.8.8', WINDOWS_CHROME);
    const ownerDevice = (await devicesOf(ownerBrowser))[0]!;
    expect((await devicesOf(strangerBrowser)).map((device) => device.id)).not.toContain(
      ownerDevice.id,
    );
    const response = await strangerBrowser.delete(`/api/profile/devices/${ownerDevice.id}`);
    expect(response.statusCode).toBe(404);
    expect(await whoIs(ownerBrowser)).toBe(owner.email);
    for (const id of ['nope', 'A'.repeat(32), `${ownerDevice.id}0`]) {
      expect((await strangerBrowser.delete(`/api/profile/devices/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    const browser = new BrowserClient(app);
    await browser.visit();
    expect((await browser.get('/api/profile/devices')).statusCode).toBe(401);
  });
});

describe('places and devices', () => {
  it('places public addresses by country and names local ones', () => {
    expect(placeOf('211.234.10.1')).toEqual({ network: 'public', country: 'KR' });
    expect(placeOf('::ffff:211.234.10.1')).toEqual({ network: 'public', country: 'KR' });
    expect(placeOf('127.0.0.1')).toEqual({ network: 'loopback', country: null });
    expect(placeOf('::1')).toEqual({ network: 'loopback', country: null });
    expect(placeOf('192.168.0.7')).toEqual({ network: 'private', country: null });
    expect(placeOf('fd00::1')).toEqual({ network: 'private', country: null });
    expect(placeOf(null)).toEqual({ network: null, country: null });
    expect(placeOf('not an address')).toEqual({ network: null, country: null });
  });

  it('reads browsers, systems and kinds, and says nothing it does not know', () => {
    expect(deviceOf(IPHONE)).toEqual({ browser: 'Safari', os: 'iOS', kind: 'mobile' });
    expect(deviceOf(WINDOWS_CHROME)).toEqual({
      browser: 'Chrome',
      os: 'Windows',
      kind: 'desktop',
    });
    expect(deviceOf(null)).toEqual({ browser: null, os: null, kind: 'other' });
    expect(deviceOf('')).toEqual({ browser: null, os: null, kind: 'other' });
    expect(deviceOf('curl/8.5.0').kind).toBe('other');
  });
});
