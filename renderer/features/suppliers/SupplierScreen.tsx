import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents, formatDateTime } from '../../../shared/format';
import type { Route } from '../../app/routes';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { Pager } from '../../components/Pager';
import { ProductImage } from '../../components/ProductImage';
import { EmptyState, ErrorMessage, Loading } from '../../components/QueryStates';
import { useBridge } from '../../lib/bridgeContext';
import { unwrap } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';
import { stockLabel, vintageLabel } from '../../lib/productFacts';
import { useFiltersStore } from '../catalog/filtersStore';
import { navigate } from '../../app/useRoute';

const PER_PAGE = 50;

export default function SupplierScreen({ route }: { route: Route }) {
  const id = route.screen === 'supplier' ? route.id : '';
  const bridge = useBridge();
  const [page, setPage] = useState(1);
  const setFilter = useFiltersStore((state) => state.setFilter);
  const supplier = useQuery({ queryKey: queryKeys.supplier(id), queryFn: () => unwrap(bridge.getSupplier({ id })) });
  const products = useQuery({
    queryKey: queryKeys.supplierProducts(id, page),
    queryFn: () => unwrap(bridge.listSupplierProducts({ id, page, perPage: PER_PAGE })),
    placeholderData: keepPreviousData,
  });

  const browseInCatalog = () => {
    setFilter('supplierId', id);
    navigate({ screen: 'catalog' });
  };

  return (
    <section aria-labelledby="supplier-title">
      <p><a href={routeHref({ screen: 'suppliers' })}>← Suppliers</a></p>
      {supplier.isPending ? (
        <Loading label="Loading the supplier…" />
      ) : supplier.isError ? (
        <>
          <h1 id="supplier-title">Supplier</h1>
          <ErrorMessage error={supplier.error} title="This supplier could not be loaded" onRetry={() => void supplier.refetch()} />
        </>
      ) : (
        <header>
          <h1 id="supplier-title">{supplier.data.data.name}</h1>
          {supplier.data.data.dba_name ? <p className="muted">Doing business as {supplier.data.data.dba_name}</p> : null}
          <p>
            {supplier.data.data.location} · {supplier.data.data.total_products} products · on the marketplace since{' '}
            {formatDateTime(supplier.data.data.created_at)}
          </p>
          <DataAge freshness={supplier.data.freshness} label="Supplier" />
          <button type="button" onClick={browseInCatalog}>
            Search and filter this supplier's products in the catalog
          </button>
        </header>
      )}
      <h2>Products</h2>
      {products.isPending ? (
        <Loading label="Loading products…" />
      ) : products.isError ? (
        <ErrorMessage error={products.error} title="Products could not be loaded" onRetry={() => void products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <EmptyState title="This supplier lists no products yet" />
      ) : (
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
              {products.data.items.map((product) => (
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
          <DataAge freshness={products.data.freshness} label="Products" />
          <Pager page={products.data.meta.page} totalPages={products.data.meta.total_pages} onPage={setPage} label="Product pages" />
        </>
      )}
    </section>
  );
}
