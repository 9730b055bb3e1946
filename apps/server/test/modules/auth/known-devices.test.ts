import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KNOWN_ACCOUNTS_PER_DEVICE,
  knownDeviceOf,
  readKnownDevices,
  rememberDevice,
} from '@server/modules/auth/known-devices';
import { delayAfter } from '@server/modules/throttle/throttle';
import { ACCOUNT_DELAYS } from '@server/modules/auth/throttling';

const key = randomBytes(32);

describe('known devices', () => {
  it('remember the last five accounts signed in on a browser, newest first, each with its own id', () => {
    const users = Array.from({ length: KNOWN_ACCOUNTS_PER_DEVICE + 2 }, () => randomUUID());
    let cookie: string | undefined;
    for (const user of users) cookie = rememberDevice(key, cookie, user);
    const known = readKnownDevices(key, cookie);
    expect(known.map((device) => device.userId)).toEqual(
      users.slice(-KNOWN_ACCOUNTS_PER_DEVICE).reverse(),
    );
    expect(new Set(known.map((device) => device.deviceId)).size).toBe(KNOWN_ACCOUNTS_PER_DEVICE);
    expect(knownDeviceOf(key, cookie, users[0]!)).toBeNull();
  });

  it('keep a browser’s device id when the account signs in on it again', () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const once = rememberDevice(key, rememberDevice(key, undefined, first), second);
    const again = rememberDevice(key, once, first);
    expect(knownDeviceOf(key, again, first)).toBe(knownDeviceOf(key, once, first));
    expect(readKnownDevices(key, again).map((device) => device.userId)).toEqual([first, second]);
  });

  it('ignore tokens signed with another key, altered, or not tokens at all', () => {
    const user = randomUUID();
    const cookie = rememberDevice(key, undefined, user);
    expect(knownDeviceOf(randomBytes(32), cookie, user)).toBeNull();
    const [id, device, signature] = cookie.split('.') as [string, string, string];
    const otherDevice = `${device.slice(0, -1)}${device.endsWith('A') ? 'B' : 'A'}`;
    expect(knownDeviceOf(key, `${id}.${otherDevice}.${signature}`, user)).toBeNull();
    for (const junk of ['', '~~~', 'a.b.c', `${cookie}x`, '%00'.repeat(100)]) {
      expect(knownDeviceOf(key, junk, user), junk).toBeNull();
    }
    // Junk beside a good token leaves the good one readable.
    expect(knownDeviceOf(key, `junk~${cookie}`, user)).not.toBeNull();
  });
});

describe('the account delay', () => {
  it('is none for five attempts, then 30 s doubling to at most 15 minutes', () => {
    const waits = Array.from({ length: 14 }, (_, attempts) => delayAfter(ACCOUNT_DELAYS, attempts));
    expect(waits).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900]);
    expect(delayAfter(ACCOUNT_DELAYS, 10_000)).toBe(900);
  });
});
