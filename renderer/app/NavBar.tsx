import { useCartStore, selectCartBottles, selectCartCount } from '../features/cart/cartStore';
import { formatBottles } from '../../shared/split-case';
import { useOutbox } from '../features/cart/outbox/queries';
import { NAV_ITEMS, navScreenOf, routeHref, type Route } from './routes';
import { formatCases } from '../../shared/format';

export function NavBar({ route }: { route: Route }) {
  const active = navScreenOf(route);
  const cartCases = useCartStore(selectCartCount);
  const cartBottles = useCartStore(selectCartBottles);
  const outbox = useOutbox();
  const pending = outbox.data?.filter((entry) => entry.state !== 'confirmed').length ?? 0;
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.map((item, index) => {
          const badge =
            item.screen === 'cart' && (cartCases > 0 || cartBottles > 0 || pending > 0)
              ? [cartCases > 0 ? formatCases(cartCases) : '', cartBottles > 0 ? formatBottles(cartBottles) : '', pending > 0 ? `${pending} in outbox` : ''].filter(Boolean).join(', ')
              : '';
          return (
            <li key={item.screen}>
              <a
                href={routeHref({ screen: item.screen })}
                aria-current={active === item.screen ? 'page' : undefined}
                aria-keyshortcuts={`Alt+${index + 1}`}
              >
                {item.label}
                {badge ? <span className="badge"> ({badge})</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
