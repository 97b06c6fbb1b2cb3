import type { CatalogSearchInput, DatasetName, OrderHistoryFilter } from '../../shared/bridge';
import type { OrderStatus } from '../../shared/schemas';

/** Every server-state key in one place, so change events can invalidate by dataset. */
export const queryKeys = {
  session: ['session'] as const,
  syncStatus: ['syncStatus'] as const,
  /** What the offline copy keeps (all of the catalog or chosen suppliers) and each supplier's estimated size. */
  offlineChoice: ['offlineChoice'] as const,
  catalog: (input: Omit<CatalogSearchInput, 'offset' | 'limit'>) => ['catalog', input] as const,
  productCode: (code: string) => ['catalog', 'code', code] as const,
  similarWines: (productId: string) => ['catalog', 'similar', productId] as const,
  product: (id: string) => ['product', id] as const,
  suppliers: (q: string, region: string, state: string, page: number) => ['suppliers', { q, region, state, page }] as const,
  supplier: (id: string) => ['suppliers', 'one', id] as const,
  supplierProducts: (id: string, page: number) => ['supplierProducts', id, page] as const,
  orders: (status: OrderStatus | 'all', page: number) => ['orders', { status, page }] as const,
  order: (id: string) => ['order', id] as const,
  outbox: ['outbox'] as const,
  /** What could not be read of the stored outbox when it was opened (changes only with the account). */
  account: ['account'] as const,
  webhooks: ['webhooks'] as const,
  /** Extensions (issue 15): what the connected service offers, and a registration's deliveries (refreshed with the webhooks). */
  serviceExtensions: (baseUrl: string | null) => ['serviceExtensions', baseUrl] as const,
  webhookDeliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
  addressBook: ['addressBook'] as const,
  favourites: ['favourites'] as const,
  /** A supplier's in-stock wines (or only the starred ones) the free-shipping hint picks from; under 'catalog', so starring and catalog changes refresh them. */
  freeShippingCandidates: (supplierId: string, favouritesOnly: boolean) => ['catalog', { supplierId, favouritesOnly, for: 'freeShipping' }] as const,
  /** A supplier's in-stock wines within a backup's price band (issue 26); under 'catalog', so catalog changes refresh them. */
  backupCandidates: (supplierId: string, minPriceCents: number, maxPriceCents: number) =>
    ['catalog', { supplierId, minPriceCents, maxPriceCents, for: 'backup' }] as const,
  orderGuides: ['orderGuides'] as const,
  orderGuide: (id: string) => ['orderGuides', id] as const,
  /** The order history (issue 14): a page of the filtered orders, and "last ordered" of every product. */
  orderHistory: (filter: OrderHistoryFilter, page: number) => ['orderHistory', filter, page] as const,
  lastOrdered: ['lastOrdered'] as const,
  buyerAccounts: ['buyerAccounts'] as const,
  /** The demo marketplace's buyers, to add one from a list. */
  demoBuyers: ['buyerAccounts', 'demo'] as const,
};

type KeyOf<Entry> = Entry extends (...args: never[]) => infer Key ? Key : Entry;

/** The first element of some key in `queryKeys`: the root a dataset's change invalidates by. */
export type QueryRoot = { [Name in keyof typeof queryKeys]: KeyOf<(typeof queryKeys)[Name]> extends readonly [infer Root, ...unknown[]] ? Root : never }[keyof typeof queryKeys];

/** Which cached queries each dataset of the offline copy feeds (roots of `queryKeys`, so a typo fails to compile). */
export const datasetQueryRoots: Record<DatasetName, readonly QueryRoot[]> = {
  suppliers: ['suppliers', 'offlineChoice'],
  catalog: ['catalog', 'supplierProducts', 'orderGuides', 'offlineChoice'],
  productDetails: ['product'],
  orders: ['orders', 'order', 'orderHistory', 'lastOrdered'],
  account: ['account'],
  webhooks: ['webhooks'],
  images: ['catalog', 'product', 'supplierProducts'],
};
