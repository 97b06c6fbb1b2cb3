import type { CatalogProduct, Product } from '../../../../shared/schemas';
import { formatCents, formatWineName } from '../../../../shared/format';
import { routeHref } from '../../../app/routes';
import { orderProblemOf } from '../../../lib/productFacts';
import { useSimilarWineCandidates } from '../../catalog/queries';
import { useAddToCart } from '../useAddToCart';

/** How many alternatives a refused line offers. */
export const SIMILAR_WINES_SHOWN = 3;

/**
 * Wines like the one the service could not supply, from the offline copy: same varietal and region,
 * orderable as last synced, the same supplier's first (they can join that supplier's next order).
 */
export function similarWines(product: Product, candidates: readonly CatalogProduct[]): CatalogProduct[] {
  return candidates
    .filter((candidate) => candidate.id !== product.id && orderProblemOf(candidate) === null)
    .map((candidate, index) => ({ candidate, index, other: candidate.supplier.id === product.supplier.id ? 0 : 1 }))
    .sort((a, b) => a.other - b.other || a.index - b.index)
    .slice(0, SIMILAR_WINES_SHOWN)
    .map(({ candidate }) => candidate);
}

export function SimilarWines({ product }: { product: Product }) {
  const addToCart = useAddToCart();
  const query = useSimilarWineCandidates(product);
  const name = formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
  const similar = query.data ? similarWines(product, query.data.items) : [];
  if (similar.length === 0) return null;
  return (
    <div className="similar-wines">
      <h4 id={`similar-${product.id}`}>
        Similar wines ({product.varietal}, {product.region})
      </h4>
      <ul aria-labelledby={`similar-${product.id}`}>
        {similar.map((wine) => {
          const wineName = formatWineName({ name: wine.name, vintage: wine.vintage, sizeMl: wine.size_ml });
          return (
            <li key={wine.id}>
              <a href={routeHref({ screen: 'product', id: wine.id })}>{wineName}</a>{' '}
              <span className="muted">
                {wine.supplier.name} · {formatCents(wine.case_price_cents)} per case · {wine.inventory_available} in stock
              </span>{' '}
              {/* The visible words start the name, as speech input needs them to. */}
              <button type="button" onClick={() => addToCart(wine)} aria-label={`Add to cart: ${wineName}, instead of ${name}`}>
                Add to cart
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
