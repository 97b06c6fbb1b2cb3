import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { sendDelivery } from '../../../server/webhooks/sender';
import { isPublicAddress, publicOnlyLookup, refuseTargetUrl, type Resolver } from '../../../server/webhooks/target-policy';
import { startReceiver } from './receiver';

/**
 * Every form of address production mode must refuse, by the IANA special-purpose registries of both
 * families. IPv6 addresses that embed an IPv4 address are judged by the embedded address.
 */
const NOT_PUBLIC: Array<[form: string, address: string]> = [
  ['IPv4 this network', '0.0.0.0'],
  ['IPv4 private 10/8', '10.0.0.1'],
  ['IPv4 shared (CGN)', '100.64.0.1'],
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 link-local (cloud metadata)', '169.254.169.254'],
  ['IPv4 private 172.16/12', '172.16.0.1'],
  ['IPv4 IETF protocol assignments', '192.0.0.8'],
  ['IPv4 documentation', '192.0.2.1'],
  ['IPv4 private 192.168/16', '192.168.0.1'],
  ['IPv4 benchmarking', '198.18.0.1'],
  ['IPv4 multicast', '224.0.0.1'],
  ['IPv4 reserved', '240.0.0.1'],
  ['IPv4 broadcast', '255.255.255.255'],
  ['IPv6 unspecified', '::'],
  ['IPv6 loopback', '::1'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 unique local', 'fd00::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv6 documentation', '2001:db8::1'],
  ['IPv6 discard-only', '100::1'],
  ['IPv6 outside global unicast 2000::/3', '4000::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-translated loopback', '::ffff:0:127.0.0.1'],
  ['IPv4-translated link-local', '::ffff:0:169.254.169.254'],
  ['IPv4-compatible loopback', '::127.0.0.1'],
  ['IPv4-compatible private', '::192.168.1.1'],
  ['NAT64 loopback', '64:ff9b::7f00:1'],
  ['NAT64 metadata', '64:ff9b::169.254.169.254'],
  ['NAT64 local-use (never global)', '64:ff9b:1::808:808'],
  ['6to4 loopback', '2002:7f00:1::'],
  ['6to4 private', '2002:c0a8:101::1'],
  ['Teredo, client 127.0.0.1 (inverted in the last 32 bits)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo, client 10.0.0.1', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
  ['Teredo, private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
];

const PUBLIC: Array<[form: string, address: string]> = [
  ['IPv4', '8.8.8.8'],
  ['IPv6 global unicast', '2606:4700:4700::1111'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ['IPv4-translated public', '::ffff:0:8.8.8.8'],
  ['IPv4-compatible public', '::8.8.8.8'],
  ['NAT64 public', '64:ff9b::808:808'],
  ['6to4 public', '2002:808:808::1'],
  ['Teredo, public server and client 8.8.8.8', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
];

const fakeResolver =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each(NOT_PUBLIC)('%s (%s) is not public', (_form, address) => expect(isPublicAddress(address)).toBe(false));
  it.each(PUBLIC)('%s (%s) is public', (_form, address) => expect(isPublicAddress(address)).toBe(true));
  it.each(['', 'example.com', '1.2.3', '::ffff:999.0.0.1'])('%j is not an address, so not public', (text) => expect(isPublicAddress(text)).toBe(false));
});

describe('production mode at registration', () => {
  const urlOf = (address: string) => (address.includes(':') ? `http://[${address}]/hook` : `http://${address}/hook`);
  it.each(NOT_PUBLIC)('refuses %s (%s)', (_form, address) => expect(refuseTargetUrl(urlOf(address), 'production')).toMatch(/must not/));
  it.each(PUBLIC)('accepts %s (%s)', (_form, address) => expect(refuseTargetUrl(urlOf(address), 'production')).toBeNull());
});

describe('production mode at delivery, after DNS resolution', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
  });

  it.each(NOT_PUBLIC)('refuses a name that resolves to %s (%s)', async (_form, address) => {
    const asked: string[] = [];
    const resolver = fakeResolver(address);
    const outcome = await sendDelivery(
      { id: 'dlv_1', url: 'http://hooks.example.com/in', secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', body: '{}' },
      { mode: 'production', timeoutMs: 2_000, now: new Date(), resolve: (name) => (asked.push(name), resolver(name)) },
    );
    expect(asked).toEqual(['hooks.example.com']);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, refused: true });
  });

  it('refuses when any one of several answers is not public', async () => {
    const outcome = await sendDelivery(
      { id: 'dlv_1', url: 'http://hooks.example.com/in', secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', body: '{}' },
      { mode: 'production', timeoutMs: 2_000, now: new Date(), resolve: fakeResolver('8.8.8.8', '2002:7f00:1::') },
    );
    expect(outcome).toMatchObject({ ok: false, refused: true });
  });

  it('sends nothing to a local receiver reached through an IPv4-mapped answer', async () => {
    receiver = await startReceiver();
    const port = new URL(receiver.url('/')).port;
    const outcome = await sendDelivery(
      { id: 'dlv_1', url: `http://hooks.example.com:${port}/mapped`, secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', body: '{}' },
      { mode: 'production', timeoutMs: 2_000, now: new Date(), resolve: fakeResolver('::ffff:127.0.0.1') },
    );
    expect(outcome).toMatchObject({ ok: false, refused: true });
    expect(receiver.received).toHaveLength(0);
  });

  it.each(PUBLIC)('lets through a name that resolves to %s (%s)', async (_form, address) => {
    const lookup = publicOnlyLookup(fakeResolver(address));
    const answer = await new Promise<{ error: Error | null; address: string }>((resolve) =>
      lookup('hooks.example.com', {}, (error, found) => resolve({ error, address: String(found) })),
    );
    expect(answer).toEqual({ error: null, address });
  });
});
