import { memo, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { formatCents } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { useAddToCart } from '../cart/useAddToCart';
import { FavouriteStarButton } from '../favourites/FavouriteStar';
import { useFavouriteStars } from '../favourites/useFavouriteStars';
import { AddToGuide } from '../guides/AddToGuide';
import { LastOrderedNote } from '../orders/LastOrdered';
import { useLastOrdered } from '../orders/queries';
import { AddButton } from './AddButton';
import { sameResult, type ResultContentProps } from './sameResult';
import { bottleFacts, bottlePricesOf, orderProblemOf, stockLabel } from '../../lib/productFacts';
import type { ResultsProps } from './ResultsTable';
import { onProductRowKeyDown } from './rowKeys';
import { useFitToWindow } from '../../lib/useFitToWindow';
import { useScaledVirtualList } from '../../lib/useScaledVirtualList';
import { useLoadMore } from './useLoadMore';
import { useResultKeys } from './useResultKeys';

const CARD_MIN_WIDTH = 250;
export const CARD_ROW_HEIGHT = 400;

function useColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(3);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(Math.max(1, Math.floor(entry.contentRect.width / CARD_MIN_WIDTH)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

/**
 * What a result card shows; memoized by value, so that a keystroke's results render only the
 * cards whose product changed (the card itself, with its place and the results' count, is the
 * list's).
 */
const CardBody = memo(function CardBody({ product, last, stars, addToCart }: ResultContentProps) {
  const problem = orderProblemOf(product);
  return (
    <>
      {/* A new product's photo starts its delay over in the same elements (ProductImage). */}
      <ProductImage url={product.image_url} name={product.name} />
      <a href={routeHref({ screen: 'product', id: product.id })} className="product-name" title={product.name}>
        {product.name}
      </a>
      <p className="muted">{product.supplier.name}</p>
      <p>{bottleFacts(product)}</p>
      <p className="prices">
        <strong>{formatCents(product.case_price_cents)}</strong> per case
        <br />
        {bottlePricesOf(product)}
      </p>
      <p className={problem ? 'stock-problem' : 'muted'}>
        Minimum {product.minimum_order} · {stockLabel(product.inventory_available)}
      </p>
      <LastOrderedNote last={last} />
      <div className="card-actions">
        <AddButton product={product} addToCart={addToCart} />
        <FavouriteStarButton stars={stars} productId={product.id} name={product.name} />
        <AddToGuide product={product} compact />
      </div>
    </>
  );
}, sameResult);

export const ResultsCards = memo(function ResultsCards({ items, total, hasMore, loadingMore, loadMore }: ResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // At least one whole row of cards, however short the window.
  useFitToWindow(scrollRef, CARD_ROW_HEIGHT + 16);
  const addToCart = useAddToCart();
  const lastOrders = useLastOrdered().data;
  const stars = useFavouriteStars();
  const columns = useColumns(scrollRef);
  const rowCount = Math.ceil(items.length / columns);
  // Rows of results not loaded yet keep their place, so the scrollbar spans every result (outside
  // the virtual list, whose size follows what is loaded: a keystroke never measures them out). A
  // list taller than the browser lays out is scrolled in proportion (useScaledVirtualList).
  // One row ahead (400 px) each way: every card in the DOM is rewritten with a keystroke's results.
  const { virtualizer, height, drawnAt, scrollTopOf } = useScaledVirtualList({
    scrollRef,
    count: rowCount,
    rowHeight: CARD_ROW_HEIGHT,
    contentHeight: Math.ceil(total / columns) * CARD_ROW_HEIGHT,
    overscan: 1,
  });
  const rows = virtualizer.getVirtualItems();
  useLoadMore(((rows.at(-1)?.index ?? 0) + 1) * columns, items.length, hasMore, loadingMore, loadMore);
  const offsetOf = useCallback((index: number) => scrollTopOf(Math.floor(index / columns) * CARD_ROW_HEIGHT), [columns, scrollTopOf]);
  const onKeyDown = useResultKeys(scrollRef, items.length, columns, offsetOf);

  return (
    <div ref={scrollRef} className="results-scroll">
      <ul className="card-grid" aria-label="Products" style={{ height }} onKeyDown={onKeyDown}>
        {rows.flatMap((row) =>
          items.slice(row.index * columns, row.index * columns + columns).map((product, column) => {
            const position = row.index * columns + column;
            // Keyed by place in the list: a new search updates the cards on screen instead of
            // replacing them; what a card shows renders again only when its product changed.
            return (
              <li
                key={position}
                data-index={position}
                className="product-card"
                aria-setsize={total}
                aria-posinset={position + 1}
                style={{
                  width: `calc(${100 / columns}% - 12px)`,
                  height: CARD_ROW_HEIGHT - 12,
                  left: `${(column * 100) / columns}%`,
                  top: drawnAt(row.start),
                }}
                onKeyDown={(event) => onProductRowKeyDown(event, () => addToCart(product))}
              >
                <CardBody product={product} last={lastOrders?.get(product.id)} stars={stars} addToCart={addToCart} />
              </li>
            );
          }),
        )}
      </ul>
      {loadingMore ? <p className="loading-more" role="status">Loading more products…</p> : null}
    </div>
  );
});
