import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Route } from './routes';

type Screen = LazyExoticComponent<ComponentType<{ route: Route }>>;

/** The catalog screen's chunk: loading it again gives the same module (the first screen starts it early, firstScreen.ts). */
export const loadCatalogScreen = () => import('../features/catalog/CatalogScreen');

/** Every screen is its own chunk, so the first paint loads only the shell. */
export const SCREENS: Record<Route['screen'], { title: string; component: Screen }> = {
  catalog: { title: 'Catalog', component: lazy(loadCatalogScreen) },
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
