import { z } from 'zod';

/**
 * Signed-in devices (docs/SECURITY.md "Signed-in devices"): each open session of the user, as a
 * person recognises it, with a way to end it.
 */

/** What kind of device a session's browser said it runs on. */
export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'other'] as const;
/** Where a session's address is: a country (by DB-IP's list), or a network that has none. */
export const NETWORK_KINDS = ['public', 'private', 'loopback'] as const;

export const signedInDeviceSchema = z.object({
  /** Stands for the session without being its id, so it can be shown and sent back. */
  id: z.string(),
  /** "Chrome", "Samsung Internet", …; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "Windows", "iOS", "Android", …; null when unknown. */
  os: z.string().nullable(),
  kind: z.enum(DEVICE_KINDS),
  ip: z.string().nullable(),
  /** ISO 3166 country code of a public address, when known. */
  country: z.string().nullable(),
  network: z.enum(NETWORK_KINDS).nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request comes from. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const signedInDevicesResponseSchema = z.object({
  devices: z.array(signedInDeviceSchema),
});
export type SignedInDevicesResponse = z.infer<typeof signedInDevicesResponseSchema>;

export const signedInDeviceParamsSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'invalid'),
});

export const signedOutOthersResponseSchema = z.object({ ended: z.number().int() });
