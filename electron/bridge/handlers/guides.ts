import type { GuideImportProblem, GuideLine, GuideSource, OrderGuide } from '../../../shared/bridge/guides';
import type { CatalogProduct, Order } from '../../../shared/schemas';
import { serviceError } from '../../core/api';
import { CoreFailure } from '../../core/failure';
import type { FavouritesStore } from '../../core/favourites/favourites-store';
import { guideFileName, matchGuideRows, readGuideCsv, writeGuideCsv } from '../../core/guides/guide-csv';
import type { GuideResult, OrderGuidesStore } from '../../core/guides/guides-store';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';
import { offerCsv, type DesktopHandlerDeps } from './desktop';

/** What guides need of the offline catalog and orders, and of the desktop. */
export interface GuideSources {
  /** Products as the offline catalog lists them (image addresses made local), null for one it does not. */
  products(ids: string[]): Promise<(CatalogProduct | null)[]>;
  /** A product by SKU or UPC in the offline catalog. */
  lookupCode(code: string): Promise<CatalogProduct | null>;
  /** When the offline catalog was last confirmed by the service. */
  catalogAsOf(): Promise<string | null>;
  /** A product's SKU and UPC from its details on this computer; null when they are not here. */
  productCodes(id: string): Promise<{ sku: string; upc: string | null } | null>;
  /** A past order from the offline copy; null when it is not on this computer. */
  pastOrder(id: string): Promise<Order | null>;
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

function guidesOf(deps: GuideHandlerDeps): OrderGuidesStore {
  const guides = deps.orderGuides();
  if (!guides) throw new BridgeFailure('not_configured', 'Sign in to use order guides: they are kept per account.');
  return guides;
}

function valueOf<T>(result: GuideResult<T>): T {
  if (result.ok) return result.value;
  const { code, message } = result.refusal;
  if (code === 'not_found') throw new BridgeFailure('not_found', message);
  const fields = code === 'duplicate_name' ? [{ pointer: '/name', detail: message }] : [];
  throw new CoreFailure(serviceError({ code: 'invalid_input', message, retryable: false, fields }));
}

function refuse(pointer: string, message: string): never {
  throw new CoreFailure(serviceError({ code: 'invalid_input', message, retryable: false, fields: [{ pointer, detail: message }] }));
}

/** A new guide's lines from its source: starred products at their minimum, or what a past order ordered. */
async function linesFrom(source: GuideSource, deps: GuideHandlerDeps): Promise<GuideLine[]> {
  switch (source.kind) {
    case 'empty':
      return [];
    case 'favourites': {
      const starred = (await deps.favourites()?.read())?.productIds ?? [];
      const products = await deps.guideSources.products(starred);
      return starred.map((productId, index) => ({ productId, par: products[index]?.minimum_order ?? 1 }));
    }
    case 'order': {
      const order = await deps.guideSources.pastOrder(source.orderId);
      if (!order) throw new BridgeFailure('not_found', 'That order is not on this computer yet. Open Orders while online so it is synced, then try again.');
      return order.items.map((item) => ({ productId: item.product_id, par: item.quantity }));
    }
  }
}

/** Order guides: named lists of products with pars, on this computer, per account, offline or not. */
export function createGuideHandlers(deps: GuideHandlerDeps) {
  const sources = deps.guideSources;

  async function view(guide: OrderGuide) {
    const [products, asOf] = await Promise.all([sources.products(guide.lines.map((line) => line.productId)), sources.catalogAsOf()]);
    return {
      guide,
      lines: guide.lines.map((line, index) => ({ ...line, product: products[index] ?? null })),
      freshness: { asOf, fromCache: true },
    };
  }

  return {
    async listOrderGuides() {
      return guidesOf(deps).read();
    },
    async getOrderGuide({ id }) {
      return view(valueOf(await guidesOf(deps).get(id)));
    },
    async createOrderGuide({ name, from }) {
      const guides = guidesOf(deps);
      return valueOf(await guides.create(name, await linesFrom(from, deps)));
    },
    async renameOrderGuide({ id, name }) {
      return valueOf(await guidesOf(deps).rename(id, name));
    },
    async deleteOrderGuide({ id }) {
      valueOf(await guidesOf(deps).remove(id));
      return { deleted: true };
    },
    async setGuideLine({ id, productId, par }) {
      return valueOf(await guidesOf(deps).setLine(id, { productId, par }));
    },
    async removeGuideLine({ id, productId }) {
      return valueOf(await guidesOf(deps).removeLine(id, productId));
    },
    async importOrderGuide({ name, csv }) {
      const guides = guidesOf(deps);
      const read = readGuideCsv(csv);
      if (!read.ok) refuse('/csv', read.message);
      const { lines, skipped } = await matchGuideRows(read.rows, async (code) => (await sources.lookupCode(code))?.id ?? null);
      const detailsIncomplete = await notFoundForLackOfDetails(sources, skipped);
      if (lines.length === 0) return { guide: null, rows: read.rows.length, skipped, detailsIncomplete };
      return { guide: valueOf(await guides.create(name, lines)), rows: read.rows.length, skipped, detailsIncomplete };
    },
    async exportOrderGuide({ id }) {
      const guide = valueOf(await guidesOf(deps).get(id));
      const ids = guide.lines.map((line) => line.productId);
      const [products, codes] = await Promise.all([sources.products(ids), Promise.all(ids.map((productId) => sources.productCodes(productId)))]);
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
      return { fileName, csv, outcome, withoutCode: codes.filter((code) => code === null).length };
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
