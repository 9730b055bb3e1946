import type { DEVICE_KINDS } from '@portal/contract/signed-in-devices';
import Bowser from 'bowser';

type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface Device {
  browser: string | null;
  os: string | null;
  kind: DeviceKind;
}

/** What a browser's User-Agent says it is, in the words its owner knows ("Chrome", "iOS"). */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, kind: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    kind: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}
