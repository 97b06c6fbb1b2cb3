import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { formatCents } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { useAddToCart } from '../cart/useAddToCart';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { AddButton } from './AddButton';
import { formatSize, orderProblemOf, stockLabel, vintageLabel } from './productFacts';
import { onProductRowKeyDown } from './rowKeys';
import { useLoadMore } from './useLoadMore';

export interface ResultsProps {
  items: CatalogProduct[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

const ROW_HEIGHT = 64;

export const ResultsTable = memo(function ResultsTable({ items, total, hasMore, loadingMore, loadMore }: ResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const addToCart = useAddToCart();
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1024, height: 720 },
  });
  const rows = virtualizer.getVirtualItems();
  useLoadMore(rows.at(-1)?.index ?? 0, items.length, hasMore, loadingMore, loadMore);
  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);

  return (
    <div ref={scrollRef} className="results-scroll">
      <table className="results-table virtual" aria-rowcount={total + 1} aria-label="Products">
        <colgroup>
          <col className="col-photo" />
          <col />
          <col className="col-format" />
          <col className="col-price" />
          <col className="col-price" />
          <col className="col-min" />
          <col className="col-stock" />
          <col className="col-add" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col"><span className="visually-hidden">Photo</span></th>
            <th scope="col">Product</th>
            <th scope="col">Vintage, size, pack</th>
            <th scope="col" className="num">Case</th>
            <th scope="col" className="num">Bottle</th>
            <th scope="col" className="num">Min.</th>
            <th scope="col">Stock</th>
            <th scope="col"><span className="visually-hidden">Add to cart</span></th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 ? <tr aria-hidden="true" style={{ height: paddingTop }} /> : null}
          {rows.map((row) => {
            const product = items[row.index];
            if (!product) return null;
            const problem = orderProblemOf(product);
            // Keyed by place in the list: a new search updates the rows on screen instead of
            // replacing them. The photo is keyed by product, so its delay starts over.
            return (
              <tr
                key={row.index}
                aria-rowindex={row.index + 2}
                style={{ height: ROW_HEIGHT }}
                onKeyDown={(event) => onProductRowKeyDown(event, () => addToCart(product))}
              >
                <td><ProductImage key={product.id} url={product.image_url} name={product.name} /></td>
                <td className="product-cell">
                  <a href={routeHref({ screen: 'product', id: product.id })} className="product-name" title={product.name}>
                    {product.name}
                  </a>
                  <span className="muted">{product.supplier.name} · {product.varietal} · {product.region}</span>
                </td>
                <td>
                  {vintageLabel(product.vintage)} · {formatSize(product.size_ml)} × {product.pack_size}
                </td>
                <td className="num">{formatCents(product.case_price_cents)}</td>
                <td className="num">{formatCents(product.bottle_price_cents)}</td>
                <td className="num">{product.minimum_order}</td>
                <td className={problem ? 'stock-problem' : undefined}>{stockLabel(product.inventory_available, true)}</td>
                <td><FavouriteStar productId={product.id} name={product.name} /> <AddButton product={product} addToCart={addToCart} /></td>
              </tr>
            );
          })}
          {paddingBottom > 0 ? <tr aria-hidden="true" style={{ height: paddingBottom }} /> : null}
        </tbody>
      </table>
      {loadingMore ? <p className="loading-more" role="status">Loading more products…</p> : null}
    </div>
  );
});
