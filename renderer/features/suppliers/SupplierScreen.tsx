import { useState } from 'react';
import { formatCents, formatDateTime } from '../../../shared/format';
import type { Route } from '../../app/routes';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { Pager } from '../../components/Pager';
import { ProductImage } from '../../components/ProductImage';
import { EmptyState } from '../../components/QueryStates';
import { QueryView } from '../../components/QueryView';
import { stockLabel, vintageLabel } from '../../lib/productFacts';
import { useFiltersStore } from '../catalog/filtersStore';
import { navigate } from '../../app/useRoute';
import { useSupplier, useSupplierProducts } from './queries';

const PER_PAGE = 50;

export default function SupplierScreen({ route }: { route: Route }) {
  const id = route.screen === 'supplier' ? route.id : '';
  const [page, setPage] = useState(1);
  const setFilter = useFiltersStore((state) => state.setFilter);
  const supplier = useSupplier(id);
  const products = useSupplierProducts(id, page, PER_PAGE);

  const browseInCatalog = () => {
    setFilter('supplierId', id);
    navigate({ screen: 'catalog' });
  };

  return (
    <section aria-labelledby="supplier-title">
      <p><a href={routeHref({ screen: 'suppliers' })}>← Suppliers</a></p>
      <QueryView
        query={supplier}
        loading="Loading the supplier…"
        errorTitle="This supplier could not be loaded"
        renderError={(message) => (
          <>
            <h1 id="supplier-title">Supplier</h1>
            {message}
          </>
        )}
      >
        {({ data: found, freshness }) => (
          <header>
            <h1 id="supplier-title">{found.name}</h1>
            {found.dba_name ? <p className="muted">Doing business as {found.dba_name}</p> : null}
            <p>
              {found.location} · {found.total_products} products · on the marketplace since{' '}
              {formatDateTime(found.created_at)}
            </p>
            <DataAge freshness={freshness} label="Supplier" />
            <button type="button" onClick={browseInCatalog}>
              Search and filter this supplier's products in the catalog
            </button>
          </header>
        )}
      </QueryView>
      <h2>Products</h2>
      <QueryView
        query={products}
        loading="Loading products…"
        errorTitle="Products could not be loaded"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="This supplier lists no products yet" />}
      >
        {(data) => (
          <>
            <table className="results-table">
              <thead>
                <tr>
                  <th scope="col"><span className="visually-hidden">Photo</span></th>
                  <th scope="col">Product</th>
                  <th scope="col">Varietal</th>
                  <th scope="col">Vintage</th>
                  <th scope="col" className="num">Case</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((product) => (
                  <tr key={product.id}>
                    <td><ProductImage url={product.image_url} name={product.name} /></td>
                    <td><a href={routeHref({ screen: 'product', id: product.id })}>{product.name}</a></td>
                    <td>{product.varietal}</td>
                    <td>{vintageLabel(product.vintage)}</td>
                    <td className="num">{formatCents(product.case_price_cents)}</td>
                    <td>{stockLabel(product.inventory_available)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DataAge freshness={data.freshness} label="Products" />
            <Pager page={data.meta.page} totalPages={data.meta.total_pages} onPage={setPage} label="Product pages" />
          </>
        )}
      </QueryView>
    </section>
  );
}
