import type { Supplier, SupplierProduct } from '../../../shared/schemas';
import type { CatalogSearchInput, CatalogSearchResult } from '../../../shared/bridge/search';
import { failWith, succeed, type Outcome } from '../../core/failure';
import type { ServiceError } from '../../core/api/service-error';
import { bridgeErrorOf } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached, isUnreachable, pageLocally } from './service-calls';
import { SupplierIndex } from '../../core/search/supplier-index';
import { SUPPLIER_NOT_CARRIED } from '../../core/offline/offline-choice-service';

export interface SupplierHandlerDeps extends ReadContext {
  search: {
    search(input: CatalogSearchInput): Promise<Outcome<CatalogSearchResult>>;
    /** A refusal of the offline copy is its Failure. */
    supplierRegions(): Promise<Outcome<Record<string, string[]>>>;
  };
  /** When the cached catalog was last confirmed by the service; null if never synced. */
  catalogAsOf(): Promise<string | null>;
  /** Whether the offline copy keeps this supplier's products (Settings → What to keep offline); all are when absent. */
  offlineKeeps?(supplierId: string): Promise<boolean>;
}

const MAX_SUPPLIER_PAGES = 50;

/** The suppliers' index, and the offline copy's refusal to read their wine regions (the index then has none). */
interface RegionsIndex {
  index: SupplierIndex;
  refused: ServiceError | null;
}

/**
 * Suppliers are few and change rarely: the list is served from the offline copy and read from the
 * service only until the first sync. It is searched here with the catalog's text machinery
 * (`SupplierIndex`), rebuilt only when the suppliers or the catalog change.
 */
export function createSupplierHandlers(deps: SupplierHandlerDeps) {
  async function everySupplierLive(): Promise<Outcome<Supplier[]>> {
    const all: Supplier[] = [];
    for (let page = 1; page <= MAX_SUPPLIER_PAGES; page += 1) {
      const result = await callService(deps.client(), 'listSuppliers', { query: { page, per_page: 100 } });
      if (!result.ok) return result;
      all.push(...result.data.data);
      if (page >= result.data.meta.total_pages) break;
    }
    return succeed(all);
  }

  async function suppliers() {
    const read = await deps.offline.suppliers();
    const cached = read.ok ? read.data : null;
    if (cached && cached.data.length > 0) return succeed({ data: cached.data, freshness: { asOf: cached.asOf, fromCache: true } });
    return freshOrCached({ online: deps.online(), live: everySupplierLive, cached: async () => read, now: deps.now });
  }

  /**
   * The index of these suppliers, with their regions from the offline catalog. The regions only
   * filter and label the list: a refusal of the offline copy (a full disk…) leaves an index without
   * them and the refusal beside it, so the list still shows and says its region filter is
   * unavailable. That index is not kept, so the next read asks the copy again.
   */
  let built: { suppliers: readonly Supplier[]; catalogAsOf: string | null; index: Promise<RegionsIndex> } | null = null;
  async function indexOf(data: readonly Supplier[]): Promise<RegionsIndex> {
    const catalogAsOf = await deps.catalogAsOf();
    if (built && built.suppliers === data && built.catalogAsOf === catalogAsOf) return built.index;
    const index = deps.search
      .supplierRegions()
      .then(async (regions): Promise<RegionsIndex> => ({ index: await SupplierIndex.build(data, regions.ok ? regions.data : {}), refused: regions.ok ? null : regions.error }));
    const kept = { suppliers: data, catalogAsOf, index };
    built = kept;
    const drop = () => {
      if (built === kept) built = null;
    };
    index.then((read) => {
      if (read.refused) drop();
    }, drop);
    return index;
  }

  return {
    async listSuppliers({ q, region, state, page, perPage }) {
      const read = await suppliers();
      if (!read.ok) return read;
      const { index, refused } = await indexOf(read.data.data);
      const found = index.search({ q, region: refused ? undefined : region, state });
      const listed = { ...pageLocally(found, page, perPage), regions: index.regions, states: index.states, freshness: read.data.freshness };
      return succeed(refused ? { ...listed, regionsRefused: bridgeErrorOf(refused) } : listed);
    },
    async getSupplier({ id }) {
      const read = await suppliers();
      if (!read.ok) return read;
      const supplier = read.data.data.find((candidate) => candidate.id === id);
      if (!supplier) return failWith('not_found', 'This supplier is not in the marketplace.');
      return succeed({ data: supplier, freshness: read.data.freshness });
    },
    async listSupplierProducts({ id, page, perPage }) {
      const read = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const result = await callService(deps.client(), 'listSupplierProducts', { params: { id }, query: { page, per_page: perPage } });
          return result.ok ? succeed({ items: result.data.data, meta: result.data.meta }) : result;
        },
        cached: async () => {
          if (deps.offlineKeeps && !(await deps.offlineKeeps(id))) return succeed(null);
          const searched = await deps.search.search({ supplierId: id, offset: (page - 1) * perPage, limit: perPage, sort: 'name' });
          if (!searched.ok) return searched;
          const found = searched.data;
          if (found.freshness.asOf === null) return succeed(null);
          const items: SupplierProduct[] = found.items.map((product) => ({
            id: product.id,
            name: product.name,
            varietal: product.varietal,
            vintage: product.vintage,
            case_price_cents: product.case_price_cents,
            inventory_available: product.inventory_available,
            image_url: product.image_url,
          }));
          const meta = { total: found.total, page, per_page: perPage, total_pages: Math.ceil(found.total / perPage) };
          return succeed({ data: { items, meta }, asOf: found.freshness.asOf });
        },
        now: deps.now,
      });
      if (!read.ok) {
        if (isUnreachable(read.error) && deps.offlineKeeps && !(await deps.offlineKeeps(id))) return failWith('offline', SUPPLIER_NOT_CARRIED, true);
        return read;
      }
      const { data, freshness } = read.data;
      return succeed({ items: data.items.map((item) => deps.images.localize(item)), meta: data.meta, freshness });
    },
  } satisfies HandlerGroup<'listSuppliers' | 'getSupplier' | 'listSupplierProducts'>;
}
