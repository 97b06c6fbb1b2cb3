import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where deliveries may go. `sandbox` (the default) allows every http(s) target, so a receiver on
 * the developer's own machine works. `production` refuses loopback, private, link-local and other
 * non-public addresses, both when a URL is registered and, after DNS resolution, when connecting.
 */
export type DeliveryMode = 'sandbox' | 'production';

/** Resolves a host name to every address it has (the policy judges all of them). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * IPv6 ranges that carry an IPv4 address, and where (IANA IPv6 Special-Purpose Address Registry):
 * such an address reaches, or is translated to, that IPv4 host, so it is judged as that host.
 */
const EMBEDDING_RANGES: Array<{ range: string; prefix: number; embedded: (parts: number[]) => number[] }> = [
  // IPv4-mapped ::ffff:a.b.c.d (RFC 4291) and IPv4-translated ::ffff:0:a.b.c.d (RFC 6145)
  { range: '::ffff:0:0', prefix: 96, embedded: (parts) => lastWords(parts) },
  { range: '::ffff:0:0:0', prefix: 96, embedded: (parts) => lastWords(parts) },
  // IPv4-compatible ::a.b.c.d (RFC 4291, deprecated); :: and ::1 are judged as themselves below
  { range: '::', prefix: 96, embedded: (parts) => lastWords(parts) },
  // NAT64 well-known prefix (RFC 6052) and local-use prefix (RFC 8215; never global, see below)
  { range: '64:ff9b::', prefix: 96, embedded: (parts) => lastWords(parts) },
  { range: '64:ff9b:1::', prefix: 48, embedded: (parts) => lastWords(parts) },
  // 6to4 2002:AABB:CCDD::/48 (RFC 3056)
  { range: '2002::', prefix: 16, embedded: (parts) => words(parts[1], parts[2]) },
  // Teredo 2001:0::/32 (RFC 4380): server in bits 32–63, client in the last 32 bits, inverted
  { range: '2001::', prefix: 32, embedded: (parts) => words((parts[6] ?? 0) ^ 0xffff, (parts[7] ?? 0) ^ 0xffff) },
];

/** Special-purpose IPv6 blocks that are not globally reachable although they embed nothing public. */
const NEVER_PUBLIC_IPV6: Array<[string, number]> = [
  ['64:ff9b:1::', 48], // RFC 8215: local-use NAT64, Globally Reachable = False
];
/** Global unicast space (RFC 4291 §2.4); everything else in IPv6 is reserved or special. */
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];

const lastWords = (parts: number[]) => words(parts[6], parts[7]);
const words = (high = 0, low = 0) => [high >> 8, high & 0xff, low >> 8, low & 0xff];

/**
 * True for an address a production service may deliver to: an IPv4 address outside every block of
 * IANA's IPv4 Special-Purpose Address Registry (ipaddr.js's `range()` is `unicast`), or a global
 * unicast IPv6 address outside IANA's IPv6 registry. An IPv6 address that embeds an IPv4 address
 * (mapped, translated, compatible, NAT64, 6to4, Teredo) is judged by that IPv4 address as well.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  for (const [range, prefix] of NEVER_PUBLIC_IPV6) if (ipv6.match(ipaddr.IPv6.parse(range), prefix)) return false;
  for (const { range, prefix, embedded } of EMBEDDING_RANGES) {
    if (!ipv6.match(ipaddr.IPv6.parse(range), prefix)) continue;
    if (range === '::' && (ipv6.range() === 'unspecified' || ipv6.range() === 'loopback')) return false;
    const ipv4 = new ipaddr.IPv4(embedded(ipv6.parts));
    if (ipv4.range() !== 'unicast') return false;
    if (range === '2001::') return new ipaddr.IPv4(words(ipv6.parts[2], ipv6.parts[3])).range() === 'unicast';
    return true;
  }
  return ipv6.range() === 'unicast' && ipv6.match(...GLOBAL_UNICAST);
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
  readonly code = 'ERR_NON_PUBLIC_TARGET';
  constructor(host: string, address: string) {
    super(`refused to deliver to ${host}: it resolves to the non-public address ${address}`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * A `lookup` for http(s).request that resolves the name and refuses non-public answers, so the
 * check applies to the address actually connected to (no DNS rebinding between check and use).
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        const refused = addresses.find((entry) => !isPublicAddress(entry.address));
        if (refused) return callback(new RefusedTargetError(hostname, refused.address), '', 0);
        if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Checks an IP-literal target before connecting (no DNS lookup happens for those). */
export function refuseLiteralAddress(hostname: string, mode: DeliveryMode): string | null {
  if (mode === 'sandbox') return null;
  const host = bareHost(hostname);
  if (isIP(host) === 0) return null;
  return isPublicAddress(host) ? null : `refused to deliver to the non-public address ${host}`;
}
