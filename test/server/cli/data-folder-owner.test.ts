import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Order, type CatalogProduct } from '../../../shared';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, DATA_FOLDER_LOCK_FILE, LockHolder, lockDataFolder, systemLockEnvironment } from '../../../server/data-folder-lock';
import { DataFolderInUseError, startService, type RunningService } from '../../../server/main';
import { createTestStore } from '../../support/store-fixture';
import { waitFor } from '../webhooks/receiver';
import { killAllCli, spawnCli } from './spawn-cli';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'caseworks-owner-'));
  folders.push(made);
  return made;
};
afterAll(() => {
  killAllCli();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const keyOf = (dataDir: string) =>
  (JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { buyers: Array<{ api_key: string }> }).buyers[0]?.api_key ?? '';

async function placeOrders(baseUrl: string, key: string, count: number): Promise<string[]> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const catalog = (await (await fetch(`${baseUrl}/products?per_page=100`, { headers })).json()) as { data: CatalogProduct[] };
  const product = catalog.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order * count) as CatalogProduct;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const placed = await fetch(`${baseUrl}/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        supplier_id: product.supplier.id,
        items: [{ product_id: product.id, quantity: product.minimum_order }],
        shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
      }),
    });
    expect(placed.status).toBe(201);
    ids.push(Order.parse(await placed.json()).id);
  }
  return ids;
}

async function expectOrders(baseUrl: string, key: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const read = await fetch(`${baseUrl}/orders/${id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status, id).toBe(200);
  }
}

const SLOW = ['--catalog-size', '60', '--ship-after', '3600', '--deliver-after', '3600'];

describe('one owner per data folder (real processes)', () => {
  it('a second CLI on the folder exits 75 (DATA_FOLDER_IN_USE_EXIT_CODE) naming the first (pid, start, port); orders placed on the first survive its restart', async () => {
    const dataDir = folder();
    const first = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    const firstUrl = await first.baseUrl;
    const key = keyOf(dataDir);
    const ids = await placeOrders(firstUrl, key, 5);

    const second = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    expect(await second.exited).toBe(DATA_FOLDER_IN_USE_EXIT_CODE);
    const { stdout, stderr } = second.output();
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`in use by another Caseworks service (pid ${first.child.pid}, started `);
    expect(stderr).toContain(`port ${new URL(firstUrl).port}`);

    // The first kept serving, alone.
    await expectOrders(firstUrl, key, ids);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);

    const again = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    await expectOrders(await again.baseUrl, key, ids);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);

  it('a holder killed with SIGKILL leaves its lock file behind, and the next start takes the folder at once', async () => {
    const dataDir = folder();
    const first = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    const firstUrl = await first.baseUrl;
    const key = keyOf(dataDir);
    const ids = await placeOrders(firstUrl, key, 3);
    first.child.kill('SIGKILL');
    await first.exited;
    const left = LockHolder.parse(JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')));
    expect(left.pid).toBe(first.child.pid);

    const next = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    const nextUrl = await next.baseUrl;
    const taken = LockHolder.parse(JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')));
    expect(taken.pid).toBe(next.child.pid);
    expect(taken.port).toBe(Number(new URL(nextUrl).port));
    await expectOrders(nextUrl, key, ids);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 240_000);

  it('a forked CLI refused the folder tells its parent the code over IPC before exiting 75', async () => {
    const dataDir = folder();
    const first = spawnCli(['--port', '0', '--data', dataDir, ...SLOW]);
    await first.baseUrl;
    const second = spawnCli(['--port', '0', '--data', dataDir, ...SLOW], true);
    const messages: unknown[] = [];
    second.child.on('message', (message) => messages.push(message));
    const exited = await second.exited;
    expect(exited).toBe(DATA_FOLDER_IN_USE_EXIT_CODE);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 'error', code: DATA_FOLDER_IN_USE });
    expect((messages[0] as { message: string }).message).toContain(`pid ${first.child.pid}`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('eight processes racing for a folder whose holder died: exactly one takes it, the others name it', async () => {
    const dataDir = folder();
    // A lock written by a process that has since exited, on this machine.
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    lockDataFolder(dataDir, { ...systemLockEnvironment(), pid: dead, processStart: () => '1' });
    const starters = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/cli/take-lock-process.ts', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
      const lines: string[] = [];
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const complete = buffered.split('\n');
        buffered = complete.pop() ?? '';
        lines.push(...complete);
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { child, lines, exited };
    });
    // Every starter loaded, then all told at once; each holds what it took until every one has answered.
    await waitFor(() => starters.every((starter) => starter.lines.includes('ready')), 90_000);
    for (const starter of starters) starter.child.stdin.write('go\n');
    await waitFor(() => starters.every((starter) => starter.lines.length >= 2), 30_000);
    for (const starter of starters) starter.child.stdin.end();
    expect(await Promise.all(starters.map((starter) => starter.exited))).toEqual(Array(8).fill(0));
    const outputs = starters.map((starter) => ({ line: starter.lines[1], pid: starter.child.pid }));
    const winners = outputs.filter((output) => output.line === 'taken');
    expect(winners).toHaveLength(1);
    for (const loser of outputs.filter((output) => output.line !== 'taken')) expect(loser.line).toBe(`refused ${winners[0]?.pid}`);
  }, 120_000);
});

describe('startService and the data folder', () => {
  const templateStore = () => async ({ publicBaseUrl }: { publicBaseUrl: () => string }) => {
    const test = await createTestStore({ publicBaseUrl });
    return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
  };

  it('rejects with DataFolderInUseError (code data_folder_in_use, the holder) while another service holds the folder; free again after close', async () => {
    const dataDir = folder();
    const first = await startService({ dataDir, openStore: templateStore(), logger: false });
    try {
      const refusal = await startService({ dataDir, openStore: templateStore(), logger: false }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataFolderInUseError);
      expect(refusal).toMatchObject({ code: 'data_folder_in_use', dataDir, holder: { pid: process.pid, port: Number(new URL(first.listenUrl).port) } });
    } finally {
      await first.close();
    }
    const second: RunningService = await startService({ dataDir, openStore: templateStore(), logger: false });
    await second.close();
  }, 120_000);

  it('takes no lock on PostgreSQL (DATABASE_URL): instances share the database, and the folder holds only the credentials file', async () => {
    const dataDir = folder();
    const options = { dataDir, databaseUrl: 'postgres://not-used.invalid/db', openStore: templateStore(), logger: false as const };
    const one = await startService(options);
    const two = await startService(options);
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    await Promise.all([one.close(), two.close()]);
  }, 120_000);
});

// A stale lock with garbage still lets the folder be used (the unit tests cover the other cases).
it('a damaged lock file does not block a start', () => {
  const dataDir = folder();
  writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'garbage');
  lockDataFolder(dataDir).release();
  expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
});
