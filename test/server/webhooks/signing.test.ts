import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, sign, signedHeaders, verify } from '../../../server/webhooks/signing';
import { isPublicAddress, refuseLiteralAddress, refuseTargetUrl } from '../../../server/webhooks/target-policy';

describe('Standard Webhooks signing', () => {
  it('secrets are whsec_ and the base64 of at least 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs "id.timestamp.body" with the decoded secret (the published test vector)', () => {
    // From the Standard Webhooks specification's example.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('matches an independent HMAC and verifies, rejecting tampering and stale timestamps', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-22T10:00:00Z');
    const headers = signedHeaders(secret, 'dlv_1', at, '{"a":1}');
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`dlv_1.${at.getTime() / 1000}.{"a":1}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    const received = { id: 'dlv_1', timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'] };
    expect(verify(secret, received, '{"a":1}', at)).toBe(true);
    expect(verify(secret, received, '{"a":2}', at)).toBe(false);
    expect(verify(newWebhookSecret(), received, '{"a":1}', at)).toBe(false);
    expect(verify(secret, received, '{"a":1}', new Date(at.getTime() + 600_000))).toBe(false);
  });
});

describe('delivery target policy', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    '%s is not public',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it('sandbox mode allows loopback receivers', () => {
    expect(refuseTargetUrl('http://127.0.0.1:9999/hook', 'sandbox')).toBeNull();
    expect(refuseLiteralAddress('127.0.0.1', 'sandbox')).toBeNull();
  });

  it.each([
    'http://127.0.0.1:9999/hook',
    'http://localhost/hook',
    'http://api.localhost/hook',
    'http://[::1]/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://intranet/hook',
    'http://printer.local/hook',
  ])('production mode refuses %s', (url) => {
    expect(refuseTargetUrl(url, 'production')).toMatch(/must/);
  });

  it('production mode accepts public hosts and addresses', () => {
    expect(refuseTargetUrl('https://hooks.example.com/caseworks', 'production')).toBeNull();
    expect(refuseTargetUrl('https://8.8.8.8/hook', 'production')).toBeNull();
    expect(refuseLiteralAddress('[::1]', 'production')).toMatch(/non-public/);
  });
});
