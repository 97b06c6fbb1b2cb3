import type { GuideImportProblem, GuideLine, GuideSource, OrderGuide } from '../../../shared/bridge/guides';
import type { CatalogProduct, Order } from '../../../shared/schemas';
import { failWith, succeed, type Failure, type Outcome } from '../../core/failure';
import type { FavouritesStore } from '../../core/favourites/favourites-store';
import { guideFileName, matchGuideRows, readGuideCsv, writeGuideCsv } from '../../core/guides/guide-csv';
import type { OrderGuidesStore } from '../../core/guides/guides-store';
import { storeOutcome } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';
import { offerCsv, type DesktopHandlerDeps } from './desktop';

/** What guides need of the offline catalog and orders, and of the desktop. */
export interface GuideSources {
  /** Products as the offline catalog lists them (image addresses made local), null for one it does not; a refusal of the offline copy is its Failure. */
  products(ids: string[]): Promise<Outcome<(CatalogProduct | null)[]>>;
  /** A product by SKU or UPC in the offline catalog; a refusal of the offline copy is its Failure. */
  lookupCode(code: string): Promise<Outcome<CatalogProduct | null>>;
  /** When the offline catalog was last confirmed by the service. */
  catalogAsOf(): Promise<string | null>;
  /** A product's SKU and UPC from its details on this computer; null when they are not here; a refusal of the offline copy is its Failure. */
  productCodes(id: string): Promise<Outcome<{ sku: string; upc: string | null } | null>>;
  /** A past order from the offline copy; null when it is not on this computer; a refusal of the offline copy is its Failure. */
  pastOrder(id: string): Promise<Outcome<Order | null>>;
  /**
   * Products in the offline catalog, and products whose details (SKU, UPC) are on this computer
   * (a download under way is counted at each of its checkpoints).
   */
  detailCoverage(): Promise<{ stored: number; catalog: number }>;
}

export interface GuideHandlerDeps {
  /** The signed-in account's guides; null when nobody is signed in. */
  orderGuides(): OrderGuidesStore | null;
  favourites(): FavouritesStore | null;
  guideSources: GuideSources;
  /** The host's save dialog for the export; absent in the browser shell, whose page downloads it. */
  saveFile?: DesktopHandlerDeps['saveFile'];
}

/** Whether a row's product was not found while some products' details (SKU, UPC) are not on this computer yet. */
async function notFoundForLackOfDetails(sources: GuideSources, skipped: readonly GuideImportProblem[]): Promise<boolean> {
  if (!skipped.some((problem) => problem.code === 'unknown_product')) return false;
  const coverage = await sources.detailCoverage();
  return coverage.stored < coverage.catalog;
}

function guidesOf(deps: GuideHandlerDeps): Outcome<OrderGuidesStore> {
  const guides = deps.orderGuides();
  return guides ? succeed(guides) : failWith('not_configured', 'Sign in to use order guides: they are kept per account.');
}

/** A new guide's lines from its source: starred products at their minimum, or what a past order ordered. */
async function linesFrom(source: GuideSource, deps: GuideHandlerDeps): Promise<Outcome<GuideLine[]>> {
  switch (source.kind) {
    case 'empty':
      return succeed([]);
    case 'favourites': {
      const starred = (await deps.favourites()?.read())?.productIds ?? [];
      const products = await deps.guideSources.products(starred);
      if (!products.ok) return products;
      return succeed(starred.map((productId, index) => ({ productId, par: products.data[index]?.minimum_order ?? 1 })));
    }
    case 'order': {
      const read = await deps.guideSources.pastOrder(source.orderId);
      // The offline copy refused (a full disk…): its words, not "not on this computer".
      if (!read.ok) return read;
      const order = read.data;
      if (!order) return failWith('not_found', 'That order is not on this computer yet. Open Orders while online so it is synced, then try again.');
      return succeed(order.items.map((item) => ({ productId: item.product_id, par: item.quantity })));
    }
  }
}

/** Order guides: named lists of products with pars, on this computer, per account, offline or not. */
export function createGuideHandlers(deps: GuideHandlerDeps) {
  const sources = deps.guideSources;

  /** A guide with its lines' products; the offline copy's refusal is the view's Failure, not lines whose products are gone. */
  async function view(guide: OrderGuide) {
    const [products, asOf] = await Promise.all([sources.products(guide.lines.map((line) => line.productId)), sources.catalogAsOf()]);
    if (!products.ok) return products;
    return succeed({
      guide,
      lines: guide.lines.map((line, index) => ({ ...line, product: products.data[index] ?? null })),
      freshness: { asOf, fromCache: true },
    });
  }

  async function exportGuide(guide: OrderGuide) {
    const ids = guide.lines.map((line) => line.productId);
    const [listed, codesRead] = await Promise.all([sources.products(ids), Promise.all(ids.map((productId) => sources.productCodes(productId)))]);
    if (!listed.ok) return listed;
    // A refusal of the offline copy is the export's Failure, not lines "without a code".
    const refused = codesRead.find((read): read is Failure => !read.ok);
    if (refused) return refused;
    const products = listed.data;
    const codes = codesRead.map((read) => (read.ok ? read.data : null));
    const csv = writeGuideCsv(
      guide.lines.map((line, index) => ({
        sku: codes[index]?.sku ?? null,
        upc: codes[index]?.upc ?? null,
        par: line.par,
        name: products[index]?.name ?? line.productId,
      })),
    );
    const fileName = guideFileName(guide.name);
    const { outcome } = await offerCsv(deps.saveFile, fileName, csv);
    return succeed({ fileName, csv, outcome, withoutCode: codes.filter((code) => code === null).length });
  }

  return {
    async listOrderGuides() {
      const guides = guidesOf(deps);
      return guides.ok ? succeed(await guides.data.read()) : guides;
    },
    async getOrderGuide({ id }) {
      const guides = guidesOf(deps);
      if (!guides.ok) return guides;
      const guide = storeOutcome(await guides.data.get(id));
      return guide.ok ? view(guide.data) : guide;
    },
    async createOrderGuide({ name, from }) {
      const guides = guidesOf(deps);
      if (!guides.ok) return guides;
      const lines = await linesFrom(from, deps);
      return lines.ok ? storeOutcome(await guides.data.create(name, lines.data)) : lines;
    },
    async renameOrderGuide({ id, name }) {
      const guides = guidesOf(deps);
      return guides.ok ? storeOutcome(await guides.data.rename(id, name)) : guides;
    },
    async deleteOrderGuide({ id }) {
      const guides = guidesOf(deps);
      if (!guides.ok) return guides;
      const removed = storeOutcome(await guides.data.remove(id));
      return removed.ok ? succeed({ deleted: true }) : removed;
    },
    async setGuideLine({ id, productId, par }) {
      const guides = guidesOf(deps);
      return guides.ok ? storeOutcome(await guides.data.setLine(id, { productId, par })) : guides;
    },
    async removeGuideLine({ id, productId }) {
      const guides = guidesOf(deps);
      return guides.ok ? storeOutcome(await guides.data.removeLine(id, productId)) : guides;
    },
    async importOrderGuide({ name, csv }) {
      const guides = guidesOf(deps);
      if (!guides.ok) return guides;
      const read = readGuideCsv(csv);
      if (!read.ok) return failWith('invalid_input', read.message, false, [{ pointer: '/csv', detail: read.message }]);
      const refusals: Failure[] = [];
      const { lines, skipped } = await matchGuideRows(read.rows, async (code) => {
        const found = await sources.lookupCode(code);
        if (found.ok) return found.data?.id ?? null;
        refusals.push(found);
        return null;
      });
      // The offline copy refused (a full disk…): its words, not rows "not found".
      if (refusals[0]) return refusals[0];
      const detailsIncomplete = await notFoundForLackOfDetails(sources, skipped);
      if (lines.length === 0) return succeed({ guide: null, rows: read.rows.length, skipped, detailsIncomplete });
      const guide = storeOutcome(await guides.data.create(name, lines));
      return guide.ok ? succeed({ guide: guide.data, rows: read.rows.length, skipped, detailsIncomplete }) : guide;
    },
    async exportOrderGuide({ id }) {
      const guides = guidesOf(deps);
      if (!guides.ok) return guides;
      const guide = storeOutcome(await guides.data.get(id));
      return guide.ok ? exportGuide(guide.data) : guide;
    },
  } satisfies HandlerGroup<
    | 'listOrderGuides'
    | 'getOrderGuide'
    | 'createOrderGuide'
    | 'renameOrderGuide'
    | 'deleteOrderGuide'
    | 'setGuideLine'
    | 'removeGuideLine'
    | 'importOrderGuide'
    | 'exportOrderGuide'
  >;
}
