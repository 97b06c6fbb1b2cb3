import { useState } from 'react';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { Pager } from '../../components/Pager';
import { EmptyState } from '../../components/QueryStates';
import { QueryView } from '../../components/QueryView';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSuppliers } from './queries';

const PER_PAGE = 50;

export default function SuppliersScreen() {
  const [text, setText] = useState('');
  const [region, setRegion] = useState('');
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim(), 150);
  const query = useSuppliers({ q, region, state }, page, PER_PAGE);
  const regions = query.data?.regions ?? [];
  /** The offline copy refused the regions: the list is there, its region filter is not. */
  const regionsRefused = query.data?.regionsRefused ?? null;
  const states = query.data?.states ?? [];

  return (
    <section aria-labelledby="suppliers-title">
      <h1 id="suppliers-title">Suppliers</h1>
      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor="supplier-search">Search suppliers</label>
          <input
            id="supplier-search"
            type="search"
            value={text}
            maxLength={200}
            placeholder="Name, town, state or wine region"
            onChange={(event) => {
              setText(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="supplier-region">Wine region</label>
          <select
            id="supplier-region"
            value={regionsRefused ? '' : region}
            disabled={regionsRefused !== null}
            {...(regionsRefused ? { 'aria-describedby': 'supplier-region-refused' } : {})}
            onChange={(event) => {
              setRegion(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All wine regions</option>
            {region && !regions.includes(region) ? <option value={region}>{region}</option> : null}
            {regions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {regionsRefused ? (
            <p id="supplier-region-refused" className="field-hint">
              Filtering by wine region is unavailable: {regionsRefused.message}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="supplier-state">State</label>
          <select
            id="supplier-state"
            value={state}
            onChange={(event) => {
              setState(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All states</option>
            {state && !states.some((option) => option.value === state) ? <option value={state}>{state}</option> : null}
            {states.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <DataAge freshness={query.data?.freshness} label="Suppliers" />
      </div>
      <QueryView
        query={query}
        loading="Loading suppliers…"
        errorTitle="Suppliers could not be loaded"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title="No suppliers match">
            <p>Try another name, or choose all wine regions and states.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <p role="status" className="result-count">
              {data.meta.total} {data.meta.total === 1 ? 'supplier' : 'suppliers'}
            </p>
            <ul className="supplier-list">
              {data.items.map((supplier) => (
                <li key={supplier.id} className="supplier-card">
                  <a href={routeHref({ screen: 'supplier', id: supplier.id })} className="supplier-name">
                    {supplier.name}
                  </a>
                  {supplier.dba_name ? <span className="muted"> (doing business as {supplier.dba_name})</span> : null}
                  <p className="muted">
                    {supplier.location} · {supplier.total_products} {supplier.total_products === 1 ? 'product' : 'products'}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={data.meta.page} totalPages={data.meta.total_pages} onPage={setPage} label="Supplier pages" />
          </>
        )}
      </QueryView>
    </section>
  );
}
