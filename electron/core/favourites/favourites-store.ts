import { FAVOURITES_MAX, Favourite, type Favourites } from '../../../shared/bridge/favourites';
import type { StoreResult } from '../store-result';
import { accountFileOf, perAccount, type AccountFileOptions, type VersionedFileSpec } from '../account-files/versioned-file';

export const FAVOURITES_FILE: VersionedFileSpec<Favourite> = {
  fileName: 'favourites.json',
  format: 'caseworks-favourites',
  version: 1,
  entry: Favourite,
  what: 'favourites',
};


export interface FavouritesStore {
  read(): Promise<Favourites>;
  /** Stars (or unstars) a product; starring one already starred changes nothing. */
  set(productId: string, favourite: boolean): Promise<StoreResult<Favourites>>;
}

/**
 * One account's starred products in its own file. Changes are made one at a time and written
 * (atomically) before they count, so a failed write changes nothing.
 */
export function createFavouritesStore(options: AccountFileOptions<Favourite>): FavouritesStore {
  const file = accountFileOf(options, FAVOURITES_FILE);
  let loaded: Promise<{ entries: Favourite[]; problem: string | null }> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const state = () =>
    (loaded ??= file.load(options.now().toISOString()).then(({ entries, problem }) => {
      // A file edited by hand may list a product twice: the first (newest) counts.
      const seen = new Set<string>();
      return { entries: entries.filter((entry) => !seen.has(entry.productId) && seen.add(entry.productId)), problem };
    }));
  const view = (current: { entries: Favourite[]; problem: string | null }): Favourites => ({
    productIds: current.entries.map((entry) => entry.productId),
    problem: current.problem,
  });

  return {
    async read() {
      await queue;
      return view(await state());
    },
    set(productId, favourite) {
      const run = queue.then(async (): Promise<StoreResult<Favourites>> => {
        const current = await state();
        const has = current.entries.some((entry) => entry.productId === productId);
        if (has === favourite) return { ok: true, value: view(current) };
        if (favourite && current.entries.length >= FAVOURITES_MAX) {
          return { ok: false, refusal: { code: 'full', message: `You can star up to ${FAVOURITES_MAX.toLocaleString('en-US')} products. Unstar some first.` } };
        }
        const entries = favourite
          ? [{ productId, addedAt: options.now().toISOString() }, ...current.entries]
          : current.entries.filter((entry) => entry.productId !== productId);
        await file.save(entries);
        const next = { entries, problem: current.problem };
        loaded = Promise.resolve(next);
        return { ok: true, value: view(next) };
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** Every account's store, opened on first use. */
export function createFavouriteLists(options: { dataDir: string; now: () => Date }) {
  return perAccount((scope) => createFavouritesStore({ ...options, scope }));
}
