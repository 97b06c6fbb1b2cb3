/** The screens, addressed by the location hash so the same build works on app:// and in the browser shell. */
export type Route =
  | { screen: 'catalog' }
  | { screen: 'product'; id: string }
  | { screen: 'suppliers' }
  | { screen: 'supplier'; id: string }
  | { screen: 'cart' }
  | { screen: 'orders' }
  | { screen: 'order'; id: string }
  | { screen: 'account' }
  | { screen: 'webhooks' }
  | { screen: 'settings' }
  | { screen: 'guides' }
  | { screen: 'guide'; id: string };

export type NavScreen = 'catalog' | 'suppliers' | 'cart' | 'orders' | 'account' | 'webhooks' | 'settings' | 'guides';

/** Navigation order; Alt+1..8 follow it. */
export const NAV_ITEMS: readonly { screen: NavScreen; label: string }[] = [
  { screen: 'catalog', label: 'Catalog' },
  { screen: 'suppliers', label: 'Suppliers' },
  { screen: 'cart', label: 'Cart' },
  { screen: 'orders', label: 'Orders' },
  { screen: 'account', label: 'Account' },
  { screen: 'webhooks', label: 'Webhooks' },
  { screen: 'settings', label: 'Settings' },
  { screen: 'guides', label: 'Guides' },
];

const idPattern = /^[A-Za-z]+_[A-Za-z0-9]{1,64}$/;

export function parseHash(hash: string): Route {
  const [first = '', second] = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const id = second && idPattern.test(second) ? second : null;
  switch (first) {
    case 'product':
      return id ? { screen: 'product', id } : { screen: 'catalog' };
    case 'suppliers':
      return id ? { screen: 'supplier', id } : { screen: 'suppliers' };
    case 'orders':
      return id ? { screen: 'order', id } : { screen: 'orders' };
    case 'guides':
      return id ? { screen: 'guide', id } : { screen: 'guides' };
    case 'cart':
    case 'account':
    case 'webhooks':
    case 'settings':
      return { screen: first };
    default:
      return { screen: 'catalog' };
  }
}

export function routeHref(route: Route): string {
  switch (route.screen) {
    case 'product':
      return `#/product/${encodeURIComponent(route.id)}`;
    case 'supplier':
      return `#/suppliers/${encodeURIComponent(route.id)}`;
    case 'order':
      return `#/orders/${encodeURIComponent(route.id)}`;
    case 'guide':
      return `#/guides/${encodeURIComponent(route.id)}`;
    default:
      return `#/${route.screen}`;
  }
}

/** The nav entry a route belongs to, for `aria-current`. */
export function navScreenOf(route: Route): NavScreen {
  switch (route.screen) {
    case 'product':
      return 'catalog';
    case 'supplier':
      return 'suppliers';
    case 'order':
      return 'orders';
    case 'guide':
      return 'guides';
    default:
      return route.screen;
  }
}
