import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openPglite, openPostgres } from './db/connection';
import { faultLine } from './logging/fault';
import { applyPriceUpdate } from './store/catalog/price-update';
import { DATA_FOLDER_IN_USE_EXIT_CODE, isDataFolderInUse, lockDataFolder } from './data-folder-lock';

export const PRICE_UPDATE_USAGE = `Usage: npm run server:price-update -- --data <dir> [--every <n>] [--percent <p>]

Applies a supplier price list to the demo catalog: the case and bottle prices of every n-th product
(in id order; default 100, that is 1 %) change by p percent (default 5; negative is cheaper), in one
transaction. Clients of the catalog change feed then receive exactly those products.

On PGlite, stop the service first (a data folder has one user at a time: while a service holds it,
this refuses with exit code ${DATA_FOLDER_IN_USE_EXIT_CODE}). With DATABASE_URL set, it runs against that database, also while
instances serve it.`;

/** Exit codes: 0 done, 1 a failure, 2 bad arguments, 75 when a live service holds the data folder (DATA_FOLDER_IN_USE_EXIT_CODE). */
async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { data: { type: 'string' }, every: { type: 'string' }, percent: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message.split('\n')[0]} (see --help)\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${PRICE_UPDATE_USAGE}\n`);
    return;
  }
  const every = Number(values.every ?? 100);
  const percent = Number(values.percent ?? 5);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!Number.isInteger(every) || every < 1 || !Number.isFinite(percent) || percent <= -100 || percent > 1_000 || (!databaseUrl && !values.data)) {
    process.stderr.write('error: needs --data <dir> (or DATABASE_URL), --every a whole number from 1, --percent above -100 and at most 1000 (see --help)\n');
    process.exit(2);
  }
  const dataDir = resolve(values.data ?? '');
  if (!databaseUrl && !existsSync(dataDir)) {
    process.stderr.write(`error: no data folder at ${dataDir}\n`);
    process.exit(2);
  }
  // The data folder's lock, as the service takes it: two processes on one PGlite folder would damage it.
  const lock = databaseUrl ? null : lockDataFolder(dataDir);
  try {
    await reprice(databaseUrl, dataDir, every, percent);
  } finally {
    lock?.release();
  }
}

async function reprice(databaseUrl: string | undefined, dataDir: string, every: number, percent: number): Promise<void> {
  const connection = databaseUrl ? await openPostgres({ databaseUrl }) : await openPglite({ dataDir });
  try {
    const started = performance.now();
    const changed = await applyPriceUpdate(connection.db, { every, percent, at: new Date() });
    process.stdout.write(`${changed} products repriced by ${percent} % in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  if (isDataFolderInUse(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exit(DATA_FOLDER_IN_USE_EXIT_CODE);
  }
  process.stderr.write(`error: ${faultLine(error)}\n`);
  process.exit(1);
});
