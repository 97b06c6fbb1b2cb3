import { z } from 'zod';

export const KEY_STORAGE_KINDS = ['os-encrypted', 'memory-only', 'plain-text-opt-in', 'embedded-demo', 'none'] as const;
export const KeyStorageKind = z.enum(KEY_STORAGE_KINDS);
export type KeyStorageKind = z.infer<typeof KeyStorageKind>;

/**
 * Why the session's service cannot be used right now, found at the first contact (at launch, on a
 * switch) or when the demo service starts. `key_refused`: the service answered and turned the key
 * down; `not_answering`: it took the connection but did not reply in time; `unreachable`: no
 * connection at all; `demo_unavailable`: the demo service could not start; `data_folder_in_use`:
 * another live process holds the demo service's data folder.
 */
export const CONNECTION_PROBLEM_CODES = ['key_refused', 'not_answering', 'unreachable', 'demo_unavailable', 'data_folder_in_use'] as const;
export const ConnectionProblemCode = z.enum(CONNECTION_PROBLEM_CODES);
export type ConnectionProblemCode = z.infer<typeof ConnectionProblemCode>;

export const ConnectionProblem = z.object({
  code: ConnectionProblemCode,
  /** What happened, in plain words. */
  message: z.string(),
  /** How to put it right, in plain words. */
  fix: z.string(),
});
export type ConnectionProblem = z.infer<typeof ConnectionProblem>;

/** What the renderer may know about the connection: never the key itself. */
export const SessionInfo = z.object({
  mode: z.enum(['demo', 'custom', 'none']),
  baseUrl: z.string().nullable(),
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The active buyer account (`BuyerAccount.id`): what the cart and other per-account state are kept under. */
  buyerAccountId: z.string().nullable(),
  keyStorage: KeyStorageKind,
  /** Plain words on how the key is kept, e.g. "Encrypted with the system keychain (libsecret)". */
  keyStorageDescription: z.string(),
  /** True when the OS offers only weak storage and the user may opt into it. */
  weakStorageAvailable: z.boolean(),
  online: z.boolean(),
  /** Why the service cannot be used right now (null: nothing known against it). */
  problem: ConnectionProblem.nullable(),
  /**
   * True in the browser shell: keys live in memory only, so an account added with a key needs it
   * again after the shell restarts (the list of accounts is kept; see docs/reliability.md).
   */
  keysInMemoryOnly: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** https is required except for loopback; the URL must end in /api/v1. */
export const ServiceUrl = z
  .string()
  .trim()
  .min(1, 'Enter the service URL')
  .max(2048)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'That is not a valid URL' });
      return;
    }
    const isLoopback = loopbackHosts.has(url.hostname) || url.hostname.startsWith('127.');
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback)) {
      ctx.addIssue({ code: 'custom', message: 'The URL must start with https:// (http:// is allowed only for this computer)' });
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'The URL must not contain a user name or password' });
    }
    if (!url.pathname.replace(/\/+$/, '').endsWith('/api/v1')) {
      ctx.addIssue({ code: 'custom', message: 'The URL must end in /api/v1' });
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const ApiKey = z
  .string()
  .trim()
  .min(8, 'The API key is too short')
  .max(512, 'The API key is too long')
  .regex(/^[\x21-\x7e]+$/, 'The API key may contain only visible characters, no spaces');
