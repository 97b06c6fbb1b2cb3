import { memo, useCallback, useRef } from 'react';
import type { CatalogSort } from '../../../shared/bridge';
import { formatCents, formatWineName } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { useAddToCart } from '../cart/useAddToCart';
import { FavouriteStarButton } from '../favourites/FavouriteStar';
import { useFavouriteStars } from '../favourites/useFavouriteStars';
import { AddToGuide } from '../guides/AddToGuide';
import { LastOrderedCell } from '../orders/LastOrdered';
import { useLastOrdered } from '../orders/queries';
import { AddButton } from './AddButton';
import { sameResult, type ResultContentProps } from './sameResult';
import { useFiltersStore } from './filtersStore';
import { formatSize, orderProblemOf, stockLabel, vintageLabel } from '../../lib/productFacts';
import { onProductRowKeyDown } from './rowKeys';
import { useFitToWindow } from '../../lib/useFitToWindow';
import { useScaledVirtualList } from '../../lib/useScaledVirtualList';
import { useLoadMore } from './useLoadMore';
import { useResultKeys } from './useResultKeys';

export interface ResultsProps {
  items: readonly CatalogProduct[];
  /** Every result of the search: the list is as long as this, whatever has been loaded yet. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** A row holds the wine's name on up to two lines and a line of facts under it. */
export const TABLE_ROW_HEIGHT = 76;
const ROW_HEIGHT = TABLE_ROW_HEIGHT;
const rowOffset = (index: number) => index * ROW_HEIGHT;

/** A column header that sorts: the first press sorts the usual way, the next the other way. */
interface SortableColumn {
  label: string;
  first: CatalogSort;
  second: CatalogSort | null;
}

const SORTABLE: Record<'product' | 'case', SortableColumn> = {
  product: { label: 'Product', first: 'name', second: null },
  case: { label: 'Case', first: 'price_asc', second: 'price_desc' },
};

const DESCENDING: ReadonlySet<CatalogSort> = new Set(['price_desc', 'vintage_desc', 'newest']);

function SortHeader({ column, className }: { column: SortableColumn; className: string }) {
  const sort = useFiltersStore((state) => state.filters.sort);
  const byNameAnyway = useFiltersStore((state) => state.filters.sort === '' && state.filters.text.trim() === '');
  const setFilter = useFiltersStore((state) => state.setFilter);
  const active = sort === column.first || sort === column.second || (column.first === 'name' && byNameAnyway);
  const current = active ? (sort === '' ? 'name' : sort) : null;
  const next = current === column.first && column.second ? column.second : column.first;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={current === null ? undefined : DESCENDING.has(current) ? 'descending' : 'ascending'}
    >
      <button type="button" className="sort-header" onClick={() => setFilter('sort', next)}>
        {column.label}
      </button>
    </th>
  );
}

/**
 * The wine's name on up to two lines, then what tells wines of the same name apart, first so that
 * a long name never pushes it out of sight: "2022 · 750 ml × 12 · Meridian Wine Importers · …".
 */
function WineCell({ product }: { product: CatalogProduct }) {
  return (
    <td className="c-product">
      <a
        href={routeHref({ screen: 'product', id: product.id })}
        className="product-name"
        title={formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml })}
      >
        {product.name}
      </a>
      <span className="muted wine-facts">
        <span className="wine-identity">{vintageLabel(product.vintage)} · {formatSize(product.size_ml)} × {product.pack_size}</span> ·{' '}
        {product.supplier.name} · {product.varietal} · {product.region}
      </span>
    </td>
  );
}

/** A result row's cells; memoized by value, so that a keystroke's results render only the rows whose product changed. */
const RowCells = memo(function RowCells({ product, last, stars, addToCart }: ResultContentProps) {
  const problem = orderProblemOf(product);
  return (
    <>
      {/* A new product's photo starts its delay over in the same elements (ProductImage). */}
      <td className="c-photo"><ProductImage url={product.image_url} name={product.name} /></td>
      <WineCell product={product} />
      <td className="c-case num">{formatCents(product.case_price_cents)}</td>
      <td className="c-bottle num">{formatCents(product.bottle_price_cents)}</td>
      <td className="c-min num">{product.minimum_order}</td>
      <td className={problem ? 'c-stock stock-problem' : 'c-stock'}>{stockLabel(product.inventory_available, true)}</td>
      <td className="c-last"><LastOrderedCell last={last} /></td>
      <td className="c-add">
        <div className="row-actions">
          <FavouriteStarButton stars={stars} productId={product.id} name={product.name} />
          <AddToGuide product={product} compact />
          <AddButton product={product} addToCart={addToCart} />
        </div>
      </td>
    </>
  );
}, sameResult);

export const ResultsTable = memo(function ResultsTable({ items, total, hasMore, loadingMore, loadMore }: ResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  useFitToWindow(scrollRef);
  const addToCart = useAddToCart();
  const lastOrders = useLastOrdered().data;
  const stars = useFavouriteStars();
  // The results not loaded yet keep their place below, so the scrollbar spans every result. They
  // are not counted by the virtual list: its size follows what is loaded, which a keystroke resets,
  // so a keystroke never measures out tens of thousands of rows. A list taller than the browser
  // lays out is scrolled in proportion (useScaledVirtualList).
  const { virtualizer, height, drawnAt, scrollTopOf } = useScaledVirtualList({
    scrollRef,
    count: items.length,
    rowHeight: ROW_HEIGHT,
    contentHeight: total * ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  useLoadMore(rows.at(-1)?.index ?? 0, items.length, hasMore, loadingMore, loadMore);
  const offsetOf = useCallback((index: number) => scrollTopOf(rowOffset(index)), [scrollTopOf]);
  const onKeyDown = useResultKeys(scrollRef, items.length, 1, offsetOf);
  const paddingTop = rows[0] ? drawnAt(rows[0].start) : 0;
  const paddingBottom = Math.max(0, height - paddingTop - rows.length * ROW_HEIGHT);
  const unloaded = total > items.length;

  return (
    <div ref={scrollRef} className="results-scroll table-scroll">
      <table className="results-table virtual" aria-rowcount={total + 1} aria-label="Products">
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="c-photo"><span className="visually-hidden">Photo</span></th>
            <SortHeader column={SORTABLE.product} className="c-product" />
            <SortHeader column={SORTABLE.case} className="c-case num" />
            <th scope="col" className="c-bottle num" title="The price of one bottle bought on its own, not the case price divided">
              Single bottle
            </th>
            <th scope="col" className="c-min num">Min.</th>
            <th scope="col" className="c-stock">Stock</th>
            <th scope="col" className="c-last">Last ordered</th>
            <th scope="col" className="c-add"><span className="visually-hidden">Add to cart</span></th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {paddingTop > 0 ? <tr aria-hidden="true" style={{ height: paddingTop }} /> : null}
          {rows.map((row) => {
            const product = items[row.index];
            if (!product) return null;
            // Keyed by place in the list: a new search updates the rows on screen instead of
            // replacing them; a row's cells render again only when its product changed.
            return (
              <tr
                key={row.index}
                data-index={row.index}
                aria-rowindex={row.index + 2}
                style={{ height: ROW_HEIGHT }}
                onKeyDown={(event) => onProductRowKeyDown(event, () => addToCart(product))}
              >
                <RowCells product={product} last={lastOrders?.get(product.id)} stars={stars} addToCart={addToCart} />
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true" className={unloaded ? 'placeholder-row' : undefined} style={{ height: paddingBottom }} />
          ) : null}
        </tbody>
      </table>
      {loadingMore ? <p className="loading-more" role="status">Loading more products…</p> : null}
    </div>
  );
});
