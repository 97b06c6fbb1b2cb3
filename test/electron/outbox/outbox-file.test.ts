import { existsSync } from 'node:fs';
import { readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { LEGACY_OUTBOX_FILE_NAME, loadOutboxFile, OUTBOX_FILE_NAME, saveOutboxFile } from '../../../electron/core/outbox';
import { orderBody } from '../api/fixtures';
import { queuedOutboxEntry } from '../../support/outbox-entries';
import { tempDir } from './outbox-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
async function dir() {
  const made = await tempDir();
  cleanups.push(made.cleanup);
  return made.dir;
}

const STAMP = '2026-11-22T09:00:00.000Z';
const entries: OutboxEntry[] = Array.from({ length: 5 }, (_, index) =>
  queuedOutboxEntry({ id: `out_${index + 1}`, accountId: 'org_buyer1', order: orderBody, estimatedTotalCents: 20_000 + index, createdAt: STAMP }),
);
const ids = (list: readonly OutboxEntry[]) => list.map((entry) => entry.id);
/** The byte offsets at which each line of a file ends (just past its line break). */
function lineEnds(text: string): number[] {
  const ends: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) ends.push(Buffer.byteLength(text.slice(0, at + 1)));
  return ends;
}

describe('the outbox file: one checksummed record per order', () => {
  it('writes a header with the count, then one line per order, and reads them back as they were', async () => {
    const folder = await dir();
    await saveOutboxFile(folder, entries);
    const lines = (await readFile(path.join(folder, OUTBOX_FILE_NAME), 'utf8')).split('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual({ format: 'caseworks-outbox', version: 2, entries: 5 });
    expect(lines.slice(1, 6).every((line) => /^[0-9a-f]{16} \{/.test(line))).toBe(true);
    expect(await loadOutboxFile(folder, STAMP)).toEqual({ entries, problem: null });
  });

  it('cut short anywhere, keeps every order whose record is whole and counts the others, never more nor fewer', async () => {
    const folder = await dir();
    await saveOutboxFile(folder, entries);
    const file = path.join(folder, OUTBOX_FILE_NAME);
    const whole = await readFile(file, 'utf8');
    const ends = lineEnds(whole);
    const size = Buffer.byteLength(whole);
    // Every 53rd byte, and both sides of every line break.
    const cuts = new Set<number>([...Array.from({ length: Math.ceil(size / 53) }, (_, index) => index * 53), ...ends.flatMap((end) => [end - 1, end])]);
    for (const cut of [...cuts].filter((at) => at > 0 && at < size).sort((a, b) => a - b)) {
      await writeFile(file, whole);
      await truncate(file, cut);
      // A record is whole when its text is all there (its line break may be what was cut).
      const wholeRecords = ends.slice(1).filter((end) => end - 1 <= cut).length;
      const loaded = await loadOutboxFile(folder, `${STAMP}-${cut}`);
      expect(ids(loaded.entries), `cut at byte ${cut}`).toEqual(ids(entries.slice(0, wholeRecords)));
      if (cut < (ends[0] ?? 0) - 1) {
        // The header itself was cut: how many orders there were is not known.
        expect(loaded.problem?.unreadable, `cut at byte ${cut}`).toBeNull();
      } else {
        expect(loaded.problem?.unreadable ?? 0, `cut at byte ${cut}`).toBe(5 - wholeRecords);
      }
    }
  });

  it('says how many orders a cut cost and where the damaged copy is, and the next save writes a whole file', async () => {
    const folder = await dir();
    await saveOutboxFile(folder, entries);
    const file = path.join(folder, OUTBOX_FILE_NAME);
    const whole = await readFile(file, 'utf8');
    // Cut in the middle of the fourth order's record.
    const cut = (lineEnds(whole)[3] ?? 0) + 40;
    await truncate(file, cut);
    const cutText = await readFile(file, 'utf8');

    const loaded = await loadOutboxFile(folder, STAMP);
    expect(ids(loaded.entries)).toEqual(['out_1', 'out_2', 'out_3']);
    const keptAs = path.join(folder, `${OUTBOX_FILE_NAME}.damaged-20261122T090000000Z`);
    expect(loaded.problem).toEqual({
      unreadable: 2,
      keptAs,
      message: `2 queued orders could not be read (the file was damaged). The other 3 queued orders were read and are kept. The damaged file was kept as ${keptAs}.`,
    });
    expect(await readFile(keptAs, 'utf8')).toBe(cutText);

    await saveOutboxFile(folder, loaded.entries);
    expect(await loadOutboxFile(folder, STAMP)).toEqual({ entries: entries.slice(0, 3), problem: null });
  });

  it('a record changed in place costs that order alone', async () => {
    const folder = await dir();
    await saveOutboxFile(folder, entries);
    const file = path.join(folder, OUTBOX_FILE_NAME);
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[2] = (lines[2] ?? '').replace('"estimatedTotalCents":20001', '"estimatedTotalCents":90001');
    await writeFile(file, lines.join('\n'));
    const loaded = await loadOutboxFile(folder, STAMP);
    expect(ids(loaded.entries)).toEqual(['out_1', 'out_3', 'out_4', 'out_5']);
    expect(loaded.problem?.unreadable).toBe(1);
  });
});

describe('the outbox file of before (one JSON document)', () => {
  const legacyText = JSON.stringify({ format: 'caseworks-outbox', version: 1, entries });

  it('is turned into the new file on first start, every order with its key, and then removed', async () => {
    const folder = await dir();
    await writeFile(path.join(folder, LEGACY_OUTBOX_FILE_NAME), legacyText);
    expect(await loadOutboxFile(folder, STAMP)).toEqual({ entries, problem: null });
    expect(existsSync(path.join(folder, LEGACY_OUTBOX_FILE_NAME))).toBe(false);
    expect(await loadOutboxFile(folder, STAMP)).toEqual({ entries, problem: null });
  });

  it('cut short, gives back every order written whole before the cut, and keeps a copy of it', async () => {
    const folder = await dir();
    // Cut inside the third entry.
    const cut = legacyText.indexOf('"id":"out_3"') + 30;
    await writeFile(path.join(folder, LEGACY_OUTBOX_FILE_NAME), legacyText.slice(0, cut));
    const loaded = await loadOutboxFile(folder, STAMP);
    expect(ids(loaded.entries)).toEqual(['out_1', 'out_2']);
    expect(loaded.problem).toMatchObject({ unreadable: 1, message: expect.stringMatching(/^At least 1 queued order could not be read/) });
    expect(await readFile(loaded.problem?.keptAs ?? '', 'utf8')).toBe(legacyText.slice(0, cut));
    // Migrated: the orders that could be read are in the new file, the old one is gone.
    expect(existsSync(path.join(folder, LEGACY_OUTBOX_FILE_NAME))).toBe(false);
    expect(ids((await loadOutboxFile(folder, STAMP)).entries)).toEqual(['out_1', 'out_2']);
  });

  it('is ignored once the new file exists (a crash between writing the new file and removing the old)', async () => {
    const folder = await dir();
    await saveOutboxFile(folder, entries.slice(0, 2));
    await writeFile(path.join(folder, LEGACY_OUTBOX_FILE_NAME), legacyText);
    expect(ids((await loadOutboxFile(folder, STAMP)).entries)).toEqual(['out_1', 'out_2']);
    expect((await readdir(folder)).filter((name) => name.includes('damaged'))).toEqual([]);
  });
});
