import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where deliveries may go. `sandbox` (the default) allows every http(s) target, so a receiver on
 * the developer's own machine works. `production` refuses loopback, private, link-local and other
 * non-public addresses, both when a URL is registered and, after DNS resolution, when connecting.
 */
export type DeliveryMode = 'sandbox' | 'production';

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a production service may deliver to. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** Why a URL may not be registered in this mode, or null when it may. Judges the URL text only. */
export function refuseTargetUrl(url: string, mode: DeliveryMode): string | null {
  if (mode === 'sandbox') return null;
  let host: string;
  try {
    host = bareHost(new URL(url).hostname);
  } catch {
    return 'must be an http or https URL';
  }
  if (isIP(host) !== 0) {
    return isPublicAddress(host) ? null : 'must not point at a loopback, private or link-local address in production mode';
  }
  if (LOCAL_NAME.test(host) || !host.includes('.')) return 'must name a public host in production mode';
  return null;
}

export class RefusedTargetError extends Error {
  constructor(host: string, address: string) {
    super(`refused to deliver to ${host}: it resolves to the non-public address ${address}`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * A `lookup` for http(s).request that resolves the name and refuses non-public answers, so the
 * check applies to the address actually connected to (no DNS rebinding between check and use).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new RefusedTargetError(hostname, refused.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
    callback(null, first.address, first.family);
  });
};

/** Checks an IP-literal target before connecting (no DNS lookup happens for those). */
export function refuseLiteralAddress(hostname: string, mode: DeliveryMode): string | null {
  if (mode === 'sandbox') return null;
  const host = bareHost(hostname);
  if (isIP(host) === 0) return null;
  return isPublicAddress(host) ? null : `refused to deliver to the non-public address ${host}`;
}
