import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { apiKeys } from '../db/schema';
import type { Caller } from './types';
import { newId } from './ids';

const KEY_PREFIX = 'cw_sk_';

/** Keys are looked up by this digest; the plaintext is never stored. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

export interface IssuedApiKey {
  id: string;
  apiKey: string;
}

export async function issueApiKey(db: Database, accountId: string, now: Date): Promise<IssuedApiKey> {
  const apiKey = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = newId('key');
  await db.insert(apiKeys).values({
    id,
    accountId,
    keyHash: hashApiKey(apiKey),
    keyPrefix: apiKey.slice(0, KEY_PREFIX.length + 4),
    createdAt: now,
  });
  return { id, apiKey };
}

export async function authenticate(db: Database, apiKey: string): Promise<Caller | null> {
  if (apiKey.length === 0 || apiKey.length > 200) return null;
  const rows = await db
    .select({ keyId: apiKeys.id, accountId: apiKeys.accountId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}
