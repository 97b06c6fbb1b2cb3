import { useQueryClient } from '@tanstack/react-query';
import { formatCases, formatCents, formatDateTime } from '../../../shared/format';
import type { CatalogProduct, Product } from '../../../shared/schemas';
import type { Route } from '../../app/routes';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { ProductImage } from '../../components/ProductImage';
import { QueryView } from '../../components/QueryView';
import { bottlePricesOf, formatSize, stockLabel, vintageLabel } from '../../lib/productFacts';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { AddToGuide } from '../guides/AddToGuide';
import { LastOrderedLine } from '../orders/LastOrdered';
import { AddToCartForm } from './AddToCartForm';
import { AddBottlesForm } from './AddBottlesForm';
import { ProductDeals } from './ProductDeals';
import { cachedCatalogItem } from './cachedCatalogItem';
import { useProduct } from './queries';

export default function ProductScreen({ route }: { route: Route }) {
  const id = route.screen === 'product' ? route.id : '';
  const queryClient = useQueryClient();
  const query = useProduct(id);

  // When the product cannot be read, the catalog list's summary of it (if it was listed) stands in.
  const summary = query.isError ? cachedCatalogItem(queryClient, id) : null;
  return (
    <QueryView
      query={query}
      loading="Loading the product…"
      errorTitle={summary ? 'The full details could not be loaded; this is what the catalog list has' : 'This product could not be loaded'}
      renderError={(message) => (
        <section aria-labelledby="product-title">
          <p><a href={routeHref({ screen: 'catalog' })}>← Catalog</a></p>
          {summary ? (
            <ProductSummary product={summary} />
          ) : (
            <h1 id="product-title">Product</h1>
          )}
          {message}
        </section>
      )}
    >
      {({ data: product, freshness }) => (
        <article className="product" aria-labelledby="product-title">
          <p><a href={routeHref({ screen: 'catalog' })}>← Catalog</a></p>
          <div className="product-layout">
            <ProductImage url={product.image_url} name={product.name} size="large" />
            <div>
              <ProductHeading product={product} />
              <p className="prices">
                <strong>{formatCents(product.case_price_cents)}</strong> per case of {product.pack_size}
                <br />
                {bottlePricesOf(product)}
              </p>
              <p>
                Minimum order {formatCases(product.minimum_order)} · {stockLabel(product.inventory_available)}
              </p>
              <LastOrderedLine productId={product.id} />
              <DataAge freshness={freshness} label="Product" />
              <AddToCartForm product={product} />
              <AddBottlesForm product={product} />
            </div>
          </div>
          <ProductFacts product={product} />
        </article>
      )}
    </QueryView>
  );
}

function ProductHeading({ product }: { product: Pick<CatalogProduct, 'id' | 'name' | 'brand' | 'supplier' | 'minimum_order' | 'vintage' | 'size_ml'> }) {
  return (
    <>
      <h1 id="product-title">{product.name}</h1>
      <FavouriteStar productId={product.id} name={product.name} />
      <AddToGuide product={product} />
      <p className="muted">
        {product.brand} · <a href={routeHref({ screen: 'supplier', id: product.supplier.id })}>{product.supplier.name}</a>, {product.supplier.location}
      </p>
    </>
  );
}

function ProductSummary({ product }: { product: CatalogProduct }) {
  return (
    <div className="product-layout">
      <ProductImage url={product.image_url} name={product.name} size="large" />
      <div>
        <ProductHeading product={product} />
        <p>
          {vintageLabel(product.vintage)} · {product.varietal} · {product.region} · {formatSize(product.size_ml)} × {product.pack_size}
        </p>
        <p className="prices">
          <strong>{formatCents(product.case_price_cents)}</strong> per case of {product.pack_size}
          <br />
          {bottlePricesOf(product)}
        </p>
        <p>
          Minimum order {product.minimum_order} · {stockLabel(product.inventory_available)}
        </p>
        <AddToCartForm product={product} />
      </div>
    </div>
  );
}

function ProductFacts({ product }: { product: Product }) {
  const facts: [string, string][] = [
    ['Brand', product.brand],
    ['Varietal', product.varietal],
    ['Vintage', vintageLabel(product.vintage)],
    ['Region', product.region],
    ['Appellation', product.appellation ?? '—'],
    ['Country', product.country],
    ['Alcohol', product.abv === null ? '—' : `${product.abv}%`],
    ['Bottle size', formatSize(product.size_ml)],
    ['Bottles per case', String(product.pack_size)],
    ['Case price', formatCents(product.case_price_cents)],
    ['Single bottle price', formatCents(product.bottle_price_cents)],
    ['Minimum order', formatCases(product.minimum_order)],
    ['Stock', stockLabel(product.inventory_available)],
    ['SKU', product.sku],
    ['UPC', product.upc ?? '—'],
    ['Supplier', `${product.supplier.name}, ${product.supplier.location} (${product.supplier.total_products} products)`],
    ['Listed', formatDateTime(product.created_at)],
    ['Updated', formatDateTime(product.updated_at)],
  ];
  return (
    <>
      <ProductDeals product={product} />
      {product.description ? (
        <section aria-labelledby="product-description">
          <h2 id="product-description">Description</h2>
          <p>{product.description}</p>
        </section>
      ) : null}
      {product.tasting_notes ? (
        <section aria-labelledby="product-tasting">
          <h2 id="product-tasting">Tasting notes</h2>
          <p>{product.tasting_notes}</p>
        </section>
      ) : null}
      <section aria-labelledby="product-details">
        <h2 id="product-details">Details</h2>
        <dl className="facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
