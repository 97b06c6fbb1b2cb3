import { randomUUID } from 'node:crypto';
import { GUIDE_LINES_MAX, ORDER_GUIDES_MAX, OrderGuide, type GuideLine, type OrderGuides } from '../../../shared/bridge/guides';
import type { StoreRefusal, StoreResult } from '../store-result';
import { accountFileOf, perAccount, type AccountFileOptions, type VersionedFileSpec } from '../account-files/versioned-file';

export const GUIDES_FILE: VersionedFileSpec<OrderGuide> = {
  fileName: 'order-guides.json',
  format: 'caseworks-order-guides',
  version: 1,
  entry: OrderGuide,
  what: 'order guides',
};

export interface OrderGuidesStore {
  read(): Promise<OrderGuides>;
  get(id: string): Promise<StoreResult<OrderGuide>>;
  /** A new guide with these lines (a product listed twice counts once, the first). */
  create(name: string, lines: readonly GuideLine[]): Promise<StoreResult<OrderGuide>>;
  rename(id: string, name: string): Promise<StoreResult<OrderGuide>>;
  remove(id: string): Promise<StoreResult<null>>;
  /** Adds a product at the end, or sets the par of one already listed. */
  setLine(id: string, line: GuideLine): Promise<StoreResult<OrderGuide>>;
  removeLine(id: string, productId: string): Promise<StoreResult<OrderGuide>>;
}

interface State {
  guides: OrderGuide[];
  problem: string | null;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Each product once, the first line kept. */
function distinctLines(lines: readonly GuideLine[]): GuideLine[] {
  const seen = new Set<string>();
  return lines.filter((line) => !seen.has(line.productId) && seen.add(line.productId)).map(({ productId, par }) => ({ productId, par }));
}

/**
 * One account's order guides in their own file. Changes are made one at a time: the new list is
 * written to disk first (atomically) and only then counts, so a failed write changes nothing.
 */
export function createOrderGuidesStore(options: AccountFileOptions<OrderGuide>): OrderGuidesStore {
  const file = accountFileOf(options, GUIDES_FILE);
  let loaded: Promise<State> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const state = () =>
    (loaded ??= file.load(options.now().toISOString()).then(({ entries, problem }) => {
      // A file edited by hand may repeat a guide or a product: the first counts.
      const seen = new Set<string>();
      const guides = entries.filter((guide) => !seen.has(guide.id) && seen.add(guide.id)).map((guide) => ({ ...guide, lines: distinctLines(guide.lines) }));
      return { guides, problem };
    }));

  const notFound: StoreRefusal = { code: 'not_found', message: 'That order guide is no longer on this computer.' };
  const duplicate = (guides: OrderGuide[], name: string, except?: string): StoreRefusal | null =>
    guides.some((guide) => guide.id !== except && sameName(guide.name, name))
      ? { code: 'duplicate', pointer: '/name', message: `You already have a guide called “${name}”. Choose another name.` }
      : null;
  const tooLong = (count: number): StoreRefusal | null =>
    count > GUIDE_LINES_MAX ? { code: 'full', message: `A guide can list up to ${GUIDE_LINES_MAX} products.` } : null;

  /** Runs one change after the previous one; `make` returns the next list and the answer, or a refusal. */
  function change<T>(make: (current: State) => { guides: OrderGuide[]; value: T } | StoreRefusal): Promise<StoreResult<T>> {
    const run = queue.then(async (): Promise<StoreResult<T>> => {
      const current = await state();
      const made = make(current);
      if ('code' in made) return { ok: false, refusal: made };
      await file.save(made.guides);
      loaded = Promise.resolve({ guides: made.guides, problem: current.problem });
      return { ok: true, value: made.value };
    });
    queue = run.catch(() => undefined);
    return run;
  }

  /** Changes one guide (found by id) and stamps it. */
  function changeGuide(id: string, edit: (guide: OrderGuide, all: OrderGuide[]) => OrderGuide | StoreRefusal) {
    return change((current) => {
      const existing = current.guides.find((guide) => guide.id === id);
      if (!existing) return notFound;
      const edited = edit(existing, current.guides);
      if ('code' in edited) return edited;
      const saved = { ...edited, updatedAt: options.now().toISOString() };
      return { guides: current.guides.map((guide) => (guide.id === id ? saved : guide)), value: saved };
    });
  }

  return {
    async read() {
      await queue;
      const { guides, problem } = await state();
      return { items: guides, problem };
    },
    async get(id) {
      await queue;
      const guide = (await state()).guides.find((candidate) => candidate.id === id);
      return guide ? { ok: true, value: guide } : { ok: false, refusal: notFound };
    },
    create(name, lines) {
      return change((current) => {
        if (current.guides.length >= ORDER_GUIDES_MAX) {
          return { code: 'full', message: `You can keep up to ${ORDER_GUIDES_MAX} order guides. Delete one you no longer use first.` };
        }
        const distinct = distinctLines(lines);
        const refusal = duplicate(current.guides, name) ?? tooLong(distinct.length);
        if (refusal) return refusal;
        const at = options.now().toISOString();
        const guide: OrderGuide = { id: `gd_${randomUUID().replaceAll('-', '')}`, name, lines: distinct, createdAt: at, updatedAt: at };
        return { guides: [...current.guides, guide], value: guide };
      });
    },
    rename(id, name) {
      return changeGuide(id, (guide, all) => duplicate(all, name, id) ?? { ...guide, name });
    },
    remove(id) {
      return change((current) => {
        if (!current.guides.some((guide) => guide.id === id)) return notFound;
        return { guides: current.guides.filter((guide) => guide.id !== id), value: null };
      });
    },
    setLine(id, line) {
      return changeGuide(id, (guide) => {
        const listed = guide.lines.some((candidate) => candidate.productId === line.productId);
        const lines = listed
          ? guide.lines.map((candidate) => (candidate.productId === line.productId ? { productId: line.productId, par: line.par } : candidate))
          : [...guide.lines, { productId: line.productId, par: line.par }];
        return tooLong(lines.length) ?? { ...guide, lines };
      });
    },
    removeLine(id, productId) {
      return changeGuide(id, (guide) => ({ ...guide, lines: guide.lines.filter((line) => line.productId !== productId) }));
    },
  };
}

/** Every account's guides, opened on first use. */
export function createOrderGuideLists(options: { dataDir: string; now: () => Date }) {
  return perAccount((scope) => createOrderGuidesStore({ ...options, scope }));
}
