import os from 'node:os';
import path from 'node:path';
import { startBrowserShell } from './browser-shell';

/**
 * `npm run web`: the browser shell. Environment: CASEWORKS_SERVICE_URL and CASEWORKS_API_KEY (use
 * that service instead of the demo), CASEWORKS_DATA_DIR, CASEWORKS_PORT, CASEWORKS_SHIP_DELAY_MS
 * and CASEWORKS_DELIVER_DELAY_MS (the demo's fulfilment delays).
 */
function numberFrom(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

const serviceUrl = process.env.CASEWORKS_SERVICE_URL;
const apiKey = process.env.CASEWORKS_API_KEY;
if (Boolean(serviceUrl) !== Boolean(apiKey)) {
  console.error('Set both CASEWORKS_SERVICE_URL and CASEWORKS_API_KEY to use your own service, or neither for the demo.');
  process.exit(2);
}

console.log(
  serviceUrl
    ? `Starting Caseworks on ${serviceUrl}…`
    : 'Starting Caseworks with its demo service (the first start creates the demo database, which can take a minute)…',
);
let shell;
try {
  shell = await startBrowserShell({
    port: numberFrom('CASEWORKS_PORT') ?? 0,
    dataDir: process.env.CASEWORKS_DATA_DIR ?? path.join(os.homedir(), '.caseworks-web'),
    service: serviceUrl && apiKey ? { baseUrl: serviceUrl, apiKey } : undefined,
    embeddedService: { shipDelayMs: numberFrom('CASEWORKS_SHIP_DELAY_MS'), deliverDelayMs: numberFrom('CASEWORKS_DELIVER_DELAY_MS') },
  });
} catch (error) {
  console.error(`Caseworks could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`Caseworks is running. Open ${shell.url}`);
console.log('Keys are kept in memory only in the browser shell. Press Ctrl+C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void shell.close().finally(() => process.exit(0));
  });
}
