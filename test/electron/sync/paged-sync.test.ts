import { describe, expect, it } from 'vitest';
import type { Paginated } from '../../../shared';
import type { CacheHeader } from '../../../electron/core/offline/cache-format';
import { syncPagedList, type PagedSyncInput } from '../../../electron/core/sync/paged-sync';
import type { FetchOutcome } from '../../../electron/core/sync/fetch-result';

interface Item {
  id: string;
  name: string;
  region: string;
}

const PER_PAGE = 2;
const itemsOf = (page: number, tag = 'v1'): Item[] =>
  Array.from({ length: PER_PAGE }, (_, n) => ({ id: `p${(page - 1) * PER_PAGE + n + 1}`, name: `${tag} item`, region: 'Napa' }));
const lineOf = (page: number, items: Item[]) => Buffer.from(JSON.stringify({ page, items }), 'utf8');

/** A paged list of `totalPages` pages; `changed` pages answer 200 even when asked with an ETag. */
function fakeList(totalPages: number, changed: ReadonlySet<number> = new Set(), tag = 'v1') {
  const asked: Array<{ page: number; etag: string | null }> = [];
  const fetchPage = async (page: number, etag: string | null): Promise<FetchOutcome<Paginated<Item>>> => {
    asked.push({ page, etag });
    if (etag && !changed.has(page)) return { ok: true, notModified: true };
    const data = { data: itemsOf(page, changed.has(page) ? tag : 'v1'), meta: { page, per_page: PER_PAGE, total: totalPages * PER_PAGE, total_pages: totalPages } };
    return { ok: true, notModified: false, data: data as Paginated<Item>, etag: `"${page}-${changed.has(page) ? tag : 'v1'}"` };
  };
  return { fetchPage, asked };
}

const headerFor = (totalPages: number): CacheHeader => ({
  format: 'caseworks-cache',
  version: 1,
  dataset: 'catalog',
  scope: { baseUrl: 'http://x/api/v1', accountId: null },
  savedAt: '2026-11-22T08:00:00.000Z',
  etags: Object.fromEntries(Array.from({ length: totalPages }, (_, n) => [`page:${n + 1}`, `"${n + 1}-v1"`])),
  count: totalPages * PER_PAGE,
  records: totalPages,
  bodyBytes: 0,
  sha256: '',
  meta: { totalPages },
});

const run = (input: Partial<PagedSyncInput<Item, { id: string }>> & Pick<PagedSyncInput<Item, { id: string }>, 'fetchPage'>) =>
  syncPagedList<Item, { id: string }>({
    previous: null,
    loadPreviousLines: async () => {
      throw new Error('the stored lines should not be read');
    },
    keep: ({ id }) => ({ id }),
    limit: (task) => task(),
    onProgress: () => {},
    ...input,
  });

describe('syncPagedList', () => {
  it('keeps each fetched page as its cache line plus only what `keep` takes of its items', async () => {
    const outcome = await run({ fetchPage: fakeList(3).fetchPage });
    expect(outcome.kind).toBe('changed');
    if (outcome.kind !== 'changed') return;
    expect(outcome.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(outcome.pages.map((page) => page.line.toString('utf8'))).toEqual([1, 2, 3].map((page) => lineOf(page, itemsOf(page)).toString('utf8')));
    expect(outcome.pages[1]!.items).toEqual([{ id: 'p3' }, { id: 'p4' }]);
    expect(outcome).toMatchObject({ count: 6, totalPages: 3, etags: { 'page:1': '"1-v1"', 'page:3': '"3-v1"' } });
  });

  it('an unchanged list never reads the stored lines', async () => {
    const list = fakeList(3);
    expect(await run({ fetchPage: list.fetchPage, previous: headerFor(3) })).toEqual({ kind: 'unchanged', count: 6 });
    expect(list.asked.map((ask) => ask.etag)).toEqual(['"1-v1"', '"2-v1"', '"3-v1"']);
  });

  it('pages answered 304 keep their stored lines byte for byte; changed pages are new', async () => {
    const stored = [1, 2, 3].map((page) => lineOf(page, itemsOf(page)));
    const outcome = await run({
      fetchPage: fakeList(3, new Set([2]), 'v2').fetchPage,
      previous: headerFor(3),
      loadPreviousLines: async () => stored,
    });
    if (outcome.kind !== 'changed') throw new Error(outcome.kind);
    expect(outcome.pages[0]!.line).toBe(stored[0]);
    expect(outcome.pages[2]!.line).toBe(stored[2]);
    expect(JSON.parse(outcome.pages[1]!.line.toString('utf8'))).toEqual({ page: 2, items: itemsOf(2, 'v2') });
    expect(outcome.pages[2]!.items).toEqual([{ id: 'p5' }, { id: 'p6' }]);
    expect(outcome.etags['page:2']).toBe('"2-v2"');
  });

  it('parses only the stored lines it keeps: a damaged line of a refetched page does no harm', async () => {
    const stored = [lineOf(1, itemsOf(1)), Buffer.from('{"page":2,"items":[{"id":'), lineOf(3, itemsOf(3))];
    const outcome = await run({ fetchPage: fakeList(3, new Set([2]), 'v2').fetchPage, previous: headerFor(3), loadPreviousLines: async () => stored });
    expect(outcome.kind).toBe('changed');
  });

  it('fails, keeping the stored copy, when a page to keep is missing or unreadable in it', async () => {
    const damaged = [lineOf(1, itemsOf(1)), Buffer.from('not json'), lineOf(3, itemsOf(3))];
    const failed = { kind: 'failed', error: 'The stored copy could not be read; it will be downloaded again.' };
    const changeOne = () => fakeList(3, new Set([1]), 'v2').fetchPage;
    expect(await run({ fetchPage: changeOne(), previous: headerFor(3), loadPreviousLines: async () => damaged })).toEqual(failed);
    expect(await run({ fetchPage: changeOne(), previous: headerFor(3), loadPreviousLines: async () => [lineOf(1, itemsOf(1))] })).toEqual(failed);
    expect(await run({ fetchPage: changeOne(), previous: headerFor(3), loadPreviousLines: async () => null })).toEqual(failed);
  });

  it('a failed page fails the whole list', async () => {
    const fetchPage = async (page: number): Promise<FetchOutcome<Paginated<Item>>> =>
      page === 2 ? { ok: false, error: { message: 'The service had a problem (HTTP 500).' } } : fakeList(3).fetchPage(page, null);
    expect(await run({ fetchPage })).toEqual({ kind: 'failed', error: 'The service had a problem (HTTP 500).' });
  });
});
