import { describe, expect, it } from 'vitest';
import type { Paginated } from '../../../shared';
import { syncPagedList, type PagedSyncInput } from '../../../electron/core/sync/paged-sync';
import type { FetchOutcome } from '../../../electron/core/sync/fetch-result';

interface Item {
  id: string;
  name: string;
}

const PER_PAGE = 2;
const itemsOf = (page: number, tag = 'v1'): Item[] => Array.from({ length: PER_PAGE }, (_, n) => ({ id: `p${(page - 1) * PER_PAGE + n + 1}`, name: `${tag} item` }));

/** A paged list of `totalPages` pages; `changed` pages answer 200 even when asked with an ETag; `failing` pages fail. */
function fakeList(totalPages: number, changed: ReadonlySet<number> = new Set(), failing: ReadonlySet<number> = new Set()) {
  const asked: Array<{ page: number; etag: string | null }> = [];
  const fetchPage = async (page: number, etag: string | null): Promise<FetchOutcome<Paginated<Item>>> => {
    asked.push({ page, etag });
    if (failing.has(page)) return { ok: false, error: { message: 'Could not reach the service.', code: 'offline' } };
    if (etag && !changed.has(page)) return { ok: true, notModified: true };
    const tag = changed.has(page) ? 'v2' : 'v1';
    const data = { data: itemsOf(page, tag), meta: { page, per_page: PER_PAGE, total: totalPages * PER_PAGE, total_pages: totalPages } };
    return { ok: true, notModified: false, data: data as Paginated<Item>, etag: `"${page}-${tag}"` };
  };
  return { fetchPage, asked };
}

const storedEtags = (pages: number) => Object.fromEntries(Array.from({ length: pages }, (_, n) => [n + 1, `"${n + 1}-v1"`]));

const run = (input: Partial<PagedSyncInput<Item>> & Pick<PagedSyncInput<Item>, 'fetchPage'>) =>
  syncPagedList<Item>({ etags: {}, storedPages: 0, limit: (task) => task(), onProgress: () => {}, ...input });

describe('syncPagedList', () => {
  it('reads every page of a new list, with their ETags', async () => {
    const outcome = await run({ fetchPage: fakeList(3).fetchPage });
    expect(outcome.kind).toBe('changed');
    if (outcome.kind !== 'changed') return;
    expect([...outcome.pages.keys()].sort()).toEqual([1, 2, 3]);
    expect(outcome.etags).toEqual({ 1: '"1-v1"', 2: '"2-v1"', 3: '"3-v1"' });
    expect(outcome.totalPages).toBe(3);
  });

  it('asks each page with its stored ETag, and calls it unchanged when all answer 304', async () => {
    const list = fakeList(3);
    const outcome = await run({ fetchPage: list.fetchPage, etags: storedEtags(3), storedPages: 3 });
    expect(outcome).toEqual({ kind: 'unchanged' });
    expect(list.asked.map((ask) => ask.etag)).toEqual(['"1-v1"', '"2-v1"', '"3-v1"']);
  });

  it('hands each changed page over as it arrives, and only those', async () => {
    const list = fakeList(4, new Set([2, 4]));
    const handed: number[] = [];
    const outcome = await run({
      fetchPage: list.fetchPage,
      etags: storedEtags(4),
      storedPages: 4,
      onPage: async (page, etag, items) => {
        handed.push(page);
        expect(etag).toBe(`"${page}-v2"`);
        expect(items[0]?.name).toBe('v2 item');
        return { ok: true };
      },
    });
    expect(outcome.kind).toBe('changed');
    expect(handed.sort()).toEqual([2, 4]);
  });

  it('reads the unchanged pages again in full when the whole list is needed', async () => {
    const list = fakeList(3, new Set([2]));
    const outcome = await run({ fetchPage: list.fetchPage, etags: storedEtags(3), storedPages: 3, needsWholeList: true });
    expect(outcome.kind).toBe('changed');
    if (outcome.kind !== 'changed') return;
    expect([...outcome.pages.keys()].sort()).toEqual([1, 2, 3]);
    expect(list.asked.filter((ask) => ask.etag === null).map((ask) => ask.page).sort()).toEqual([1, 3]);
  });

  it('a list cut short before it completed (page 1 stored, its number of pages not): page 1 is read again in full and the rest follow', async () => {
    const list = fakeList(3);
    const outcome = await run({ fetchPage: list.fetchPage, etags: { 1: '"1-v1"' }, storedPages: 0 });
    expect(outcome.kind).toBe('changed');
    expect(list.asked.map((ask) => `${ask.page}:${ask.etag ?? '-'}`)).toEqual(['1:"1-v1"', '1:-', '2:-', '3:-']);
  });

  it('fails with the first failure and stops asking', async () => {
    const list = fakeList(5, new Set(), new Set([2]));
    const outcome = await run({ fetchPage: list.fetchPage });
    expect(outcome).toEqual({ kind: 'failed', error: 'Could not reach the service.' });
    expect(list.asked.length).toBeLessThanOrEqual(5);
  });
});
