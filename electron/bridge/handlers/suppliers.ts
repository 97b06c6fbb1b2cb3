import type { Supplier, SupplierProduct } from '../../../shared/schemas';
import type { CatalogSearchInput, CatalogSearchResult } from '../../../shared/bridge/search';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './offline-reads';
import { callService, freshOrCached, pageLocally } from './service-calls';

export interface SupplierHandlerDeps extends ReadContext {
  search: { search(input: CatalogSearchInput): Promise<CatalogSearchResult> };
}

const MAX_SUPPLIER_PAGES = 50;

/** "Napa, CA" → "CA": the region part of a supplier's location, for the region filter. */
export function regionOf(location: string): string {
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  return parts.at(-1) ?? location.trim();
}

function matches(supplier: Supplier, q: string | undefined, region: string | undefined): boolean {
  const text = `${supplier.name} ${supplier.dba_name ?? ''} ${supplier.location}`.toLowerCase();
  if (q && !text.includes(q.trim().toLowerCase())) return false;
  if (region && !supplier.location.toLowerCase().includes(region.trim().toLowerCase())) return false;
  return true;
}

function regionsOf(suppliers: readonly Supplier[]): string[] {
  return [...new Set(suppliers.map((supplier) => regionOf(supplier.location)))].sort((a, b) => a.localeCompare(b));
}

/**
 * Suppliers are few and change rarely: the list is served from the offline copy (filtered and paged
 * here, with every region for the filter) and read from the service only until the first sync.
 */
export function createSupplierHandlers(deps: SupplierHandlerDeps) {
  async function everySupplierLive(): Promise<Supplier[]> {
    const all: Supplier[] = [];
    for (let page = 1; page <= MAX_SUPPLIER_PAGES; page += 1) {
      const result = await callService(deps.client(), 'listSuppliers', { query: { page, per_page: 100 } });
      all.push(...result.data);
      if (page >= result.meta.total_pages) break;
    }
    return all;
  }

  async function suppliers() {
    const cached = await deps.offline.suppliers();
    if (cached && cached.data.length > 0) return { data: cached.data, freshness: { asOf: cached.asOf, fromCache: true } };
    return freshOrCached({ online: deps.online(), live: everySupplierLive, cached: async () => cached, now: deps.now });
  }

  return {
    async listSuppliers({ q, region, page, perPage }) {
      const { data, freshness } = await suppliers();
      const filtered = data.filter((supplier) => matches(supplier, q, region));
      return { ...pageLocally(filtered, page, perPage), regions: regionsOf(data), freshness };
    },
    async getSupplier({ id }) {
      const { data, freshness } = await suppliers();
      const supplier = data.find((candidate) => candidate.id === id);
      if (!supplier) throw new BridgeFailure('not_found', 'This supplier is not in the marketplace.');
      return { data: supplier, freshness };
    },
    async listSupplierProducts({ id, page, perPage }) {
      const { data, freshness } = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const result = await callService(deps.client(), 'listSupplierProducts', { params: { id }, query: { page, per_page: perPage } });
          return { items: result.data, meta: result.meta };
        },
        cached: async () => {
          const found = await deps.search.search({ supplierId: id, offset: (page - 1) * perPage, limit: perPage, sort: 'name' });
          if (found.freshness.asOf === null) return null;
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
          return { data: { items, meta }, asOf: found.freshness.asOf };
        },
        now: deps.now,
      });
      return { items: data.items.map((item) => deps.images.localize(item)), meta: data.meta, freshness };
    },
  } satisfies HandlerGroup<'listSuppliers' | 'getSupplier' | 'listSupplierProducts'>;
}
