import type { Config } from '@server/config';

/**
 * Who the passkeys belong to (docs/decisions/025): the relying party's id is the host name of
 * the portal's public address and the only origin an answer may come from is that address's
 * origin, so a passkey made for this portal answers nobody else's page, and one place says both.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: 'WonBridge', origin: url.origin };
}
