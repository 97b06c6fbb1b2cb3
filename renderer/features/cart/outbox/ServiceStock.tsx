import type { Freshness } from '../../../../shared/bridge';
import { formatCases } from '../../../../shared/format';
import type { Product } from '../../../../shared/schemas';
import { Age } from '../../../components/Age';

/**
 * What can be ordered of a refused line now: the service's current stock, when it is less than
 * was asked and still meets the minimum; null when there is nothing to offer.
 */
export function availableToOrder(product: Pick<Product, 'inventory_available' | 'minimum_order'>, requested: number): number | null {
  const stock = product.inventory_available;
  if (stock <= 0 || stock >= requested || stock < product.minimum_order) return null;
  return stock;
}

/** The product's stock and minimum as the service states them now (or as last saved, offline). */
export function ServiceStock({ product, freshness }: { product: Product; freshness: Freshness | undefined }) {
  const stock = product.inventory_available <= 0 ? 'none in stock' : `${formatCases(product.inventory_available)} in stock`;
  const at = freshness?.asOf ? <Age at={freshness.asOf} /> : null;
  return (
    <p className="field-hint">
      {stock}, minimum order {formatCases(product.minimum_order)} —{' '}
      {freshness?.fromCache ? (
        <>as last saved{at ? <>, {at}</> : null} (the service cannot be reached)</>
      ) : (
        <>the service{at ? <>, {at}</> : null}</>
      )}
    </p>
  );
}
