import type { DatasetName } from '../../shared/bridge/datasets';
import type { HandlerDeps } from '../bridge/handlers';
import { createExtensionRegistry } from '../core/api';
import { succeed } from '../core/failure';
import { createAddressBooks } from '../core/addresses/address-book';
import { createFavouriteLists } from '../core/favourites/favourites-store';
import { createOrderGuideLists } from '../core/guides/guides-store';
import type { ProductImageAddresses } from '../core/images/product-image-urls';
import { createKnownLinks } from '../core/links/known-links';
import { createOfflineReads } from '../core/offline/offline-reads';
import type { SearchService } from '../core/search/search-service';
import { signedInScopeOf, type Session } from '../core/session/session-interface';

export interface ReadsWiring {
  dataDir: string;
  session: Session;
  search: SearchService;
  images: ProductImageAddresses;
  fetch: typeof fetch;
  now(): Date;
}

/** What the read handlers and the buyer's own tools are given: the session's client and offline copy, search, files. */
export function createReads({ dataDir, session, search, images, fetch, now }: ReadsWiring) {
  const offline = createOfflineReads(() => session.shown());
  const catalogAsOf = async () => session.shown()?.freshness('catalog').asOf ?? null;
  const knownLinks = createKnownLinks();
  const reads = {
    client: () => session.active()?.client ?? null,
    // Signed out there is no service to ask: reads come from the copy kept at sign-out.
    online: () => session.active() !== null && session.reachable(),
    offline,
    now,
    images,
    search,
    catalogAsOf,
    knownLinks,
    // A dataset changed at the service by our own hand (a webhook added…): the active copy is synced.
    changed: (_dataset: DatasetName) => void session.active()?.engine.syncNow(),
    extensions: createExtensionRegistry({ fetch }),
  };

  // The buyer's own tools (address book…): files of the signed-in account, kept through sign-out.
  const addressBooks = createAddressBooks({ dataDir, now });
  const favouriteLists = createFavouriteLists({ dataDir, now });
  const guideLists = createOrderGuideLists({ dataDir, now });
  const ofSignedIn = <T>(lists: { of(scope: NonNullable<ReturnType<typeof signedInScopeOf>>): T }) => () => {
    const scope = signedInScopeOf(session.active());
    return scope ? lists.of(scope) : null;
  };
  const tools: HandlerDeps['tools'] = {
    addressBook: ofSignedIn(addressBooks),
    favourites: ofSignedIn(favouriteLists),
    orderGuides: ofSignedIn(guideLists),
    guideSources: {
      products: async (ids: string[]) => {
        const listed = await search.products(ids);
        return listed.ok ? succeed(listed.data.map((product) => (product ? images.localize(product) : null))) : listed;
      },
      lookupCode: (code: string) => search.lookupCode(code),
      catalogAsOf,
      // A refusal of the offline copy is the read's Failure (by its code), never "not on this computer".
      productCodes: async (id: string) => {
        const read = await offline.productDetail(id);
        if (!read.ok) return read;
        const detail = read.data?.data;
        return succeed(detail ? { sku: detail.sku, upc: detail.upc } : null);
      },
      pastOrder: async (id: string) => {
        const read = await offline.orderDetail(id);
        return read.ok ? succeed(read.data?.data ?? null) : read;
      },
      detailCoverage: async () => {
        const statuses = session.shown()?.statuses() ?? [];
        const countOf = (name: DatasetName) => statuses.find((status) => status.name === name)?.count ?? 0;
        return { stored: countOf('productDetails'), catalog: countOf('catalog') };
      },
    },
  };
  return {
    reads: { ...reads, favouriteIds: async () => (await tools.favourites()?.read())?.productIds ?? [] } satisfies Omit<HandlerDeps['reads'], 'outbox'>,
    tools,
    knownLinks,
  };
}
