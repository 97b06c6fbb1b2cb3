import os from 'node:os';
import path from 'node:path';

/** What `npm run web -- --help` prints. */
export const WEB_USAGE = `Usage: npm run web [-- --help]

Builds the app and serves it to your browser on 127.0.0.1, with a one-time link to open.

Environment:
  CASEWORKS_SERVICE_URL, CASEWORKS_API_KEY  use this service and key (set both) instead of the demo service
  CASEWORKS_DATA_DIR          where the offline copy, the outbox and the demo database live (default ~/.caseworks-web)
  CASEWORKS_PORT              port of the page (default: a free one)
  CASEWORKS_SHIP_DELAY_MS     the demo service ships a confirmed order after this many milliseconds (default 60000)
  CASEWORKS_DELIVER_DELAY_MS  ... and delivers it this many milliseconds after shipping (default 120000)

One Caseworks per data folder: a second one on the same CASEWORKS_DATA_DIR says which process holds it
and stops. Accounts are kept in the data folder, keys never (an account added with a key needs it again
after a restart). Exit codes: 0 stopped, 1 failed, 2 wrong settings, 75 the data folder is in use.
`;

export interface WebOptions {
  port: number;
  dataDir: string;
  service: { baseUrl: string; apiKey: string } | undefined;
  shipDelayMs: number | undefined;
  deliverDelayMs: number | undefined;
}

export type WebCommand = { kind: 'help' } | { kind: 'run'; options: WebOptions } | { kind: 'error'; message: string };

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the command line and the environment of `npm run web`; nothing starts until they are right. */
export function parseWebArgs(args: readonly string[], env: Env, home: string = os.homedir()): WebCommand {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  const unknown = args.find((arg) => arg !== '');
  if (unknown !== undefined) return { kind: 'error', message: `"${unknown}" is not an option of npm run web; its settings come from the environment.` };

  const numbers: Record<string, number | undefined> = {};
  for (const name of ['CASEWORKS_PORT', 'CASEWORKS_SHIP_DELAY_MS', 'CASEWORKS_DELIVER_DELAY_MS']) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) return { kind: 'error', message: `${name} must be a whole number, not "${raw}".` };
    numbers[name] = value;
  }
  const baseUrl = env.CASEWORKS_SERVICE_URL || undefined;
  const apiKey = env.CASEWORKS_API_KEY || undefined;
  if (Boolean(baseUrl) !== Boolean(apiKey)) {
    return { kind: 'error', message: 'Set both CASEWORKS_SERVICE_URL and CASEWORKS_API_KEY to use your own service, or neither for the demo.' };
  }
  return {
    kind: 'run',
    options: {
      port: numbers.CASEWORKS_PORT ?? 0,
      dataDir: env.CASEWORKS_DATA_DIR || path.join(home, '.caseworks-web'),
      service: baseUrl && apiKey ? { baseUrl, apiKey } : undefined,
      shipDelayMs: numbers.CASEWORKS_SHIP_DELAY_MS,
      deliverDelayMs: numbers.CASEWORKS_DELIVER_DELAY_MS,
    },
  };
}
