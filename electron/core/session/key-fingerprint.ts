import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SettingsStore } from '../vault';

/**
 * Where keys are kept in memory only (the browser shell), a key given again at the next start
 * (CASEWORKS_API_KEY) is recognised as the key of an account already on this computer without
 * asking the service: so a shell started while its service is down still knows the account, its
 * queued orders and its offline copy. What is kept is a salted scrypt hash, never the key: it
 * tells whether a given key is the same, not what the key is.
 */
const StoredFingerprint = z.object({ version: z.literal(1), salt: z.string().min(16), hash: z.string().min(32) });
const SCRYPT_COST = { N: 2 ** 14, r: 8, p: 1 } as const;

export function fingerprintSettingOf(accountEntryId: string): string {
  return `keyFingerprint.${accountEntryId}`;
}

function hashOf(apiKey: string, salt: string): Buffer {
  return scryptSync(apiKey, Buffer.from(salt, 'hex'), 32, SCRYPT_COST);
}

export function rememberKeyFingerprint(settings: SettingsStore, accountEntryId: string, apiKey: string): void {
  const salt = randomBytes(16).toString('hex');
  settings.set(fingerprintSettingOf(accountEntryId), { version: 1, salt, hash: hashOf(apiKey, salt).toString('hex') });
}

/** True when `apiKey` is the key whose fingerprint was kept for this account. */
export function matchesKeyFingerprint(settings: SettingsStore, accountEntryId: string, apiKey: string): boolean {
  const stored = StoredFingerprint.safeParse(settings.get(fingerprintSettingOf(accountEntryId)));
  if (!stored.success) return false;
  const expected = Buffer.from(stored.data.hash, 'hex');
  const actual = hashOf(apiKey, stored.data.salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function forgetKeyFingerprint(settings: SettingsStore, accountEntryId: string): void {
  settings.delete(fingerprintSettingOf(accountEntryId));
}
