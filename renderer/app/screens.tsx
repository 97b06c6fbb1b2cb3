import { lazy, useState, type ComponentType } from 'react';
import type { Route } from './routes';

type Screen = ComponentType<{ route: Route }>;

/** The catalog screen's module once its chunk has loaded. */
let loadedCatalog: typeof import('../features/catalog/CatalogScreen') | null = null;

/** The catalog screen's chunk: loading it again gives the same module (the first screen starts it early, firstScreen.ts). */
export const loadCatalogScreen = () =>
  import('../features/catalog/CatalogScreen').then((module) => {
    loadedCatalog = module;
    return module;
  });

const LazyCatalogScreen = lazy(loadCatalogScreen);

/**
 * The catalog screen, rendered as it is once its chunk has loaded, lazily before. A lazy screen
 * suspends at its first render even when its chunk is already there (the import's promise settles a
 * microtask later), so React shows the Suspense fallback, and it shows the content that replaces a
 * fallback no sooner than 300 ms after the fallback appeared: the catalog's first paint waited for
 * that. The page's start loads the chunk before React renders (main.tsx, `startFirstScreen`).
 */
function CatalogScreen() {
  // Chosen once a mount: a switch from the lazy screen to the loaded one would mount it again.
  const [Chosen] = useState<ComponentType>(() => loadedCatalog?.default ?? LazyCatalogScreen);
  return <Chosen />;
}

/** Every screen is its own chunk, so the first paint loads only the shell. */
export const SCREENS: Record<Route['screen'], { title: string; component: Screen }> = {
  catalog: { title: 'Catalog', component: CatalogScreen },
  product: { title: 'Product', component: lazy(() => import('../features/product/ProductScreen')) },
  suppliers: { title: 'Suppliers', component: lazy(() => import('../features/suppliers/SuppliersScreen')) },
  supplier: { title: 'Supplier', component: lazy(() => import('../features/suppliers/SupplierScreen')) },
  cart: { title: 'Cart', component: lazy(() => import('../features/cart/CartScreen')) },
  orders: { title: 'Orders', component: lazy(() => import('../features/orders/OrdersScreen')) },
  order: { title: 'Order', component: lazy(() => import('../features/orders/OrderScreen')) },
  account: { title: 'Account', component: lazy(() => import('../features/account/AccountScreen')) },
  webhooks: { title: 'Webhooks', component: lazy(() => import('../features/webhooks/WebhooksScreen')) },
  settings: { title: 'Settings', component: lazy(() => import('../features/settings/SettingsScreen')) },
  guides: { title: 'Order guides', component: lazy(() => import('../features/guides/GuidesScreen')) },
  guide: { title: 'Order guide', component: lazy(() => import('../features/guides/GuideScreen')) },
};
