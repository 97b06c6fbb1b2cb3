import { useId, useState, type FormEvent } from 'react';
import type { OrderGuideView } from '../../../shared/bridge';
import { formatCases, formatCents, formatCount } from '../../../shared/format';
import { stockLabel } from '../../lib/productFacts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataAge } from '../../components/DataAge';
import { QueryView } from '../../components/QueryView';
import type { Route } from '../../app/routes';
import { routeHref } from '../../app/routes';
import { showToast } from '../../app/toastStore';
import { navigate } from '../../app/useRoute';
import { errorMessage } from '../../lib/bridgeErrors';
import { CountAndOrder } from './CountAndOrder';
import { guideLineName } from './guideLineName';
import { guideNameProblem, readPar, serverFieldError } from './guideForm';
import { useDeleteGuide, useExportGuide, useRemoveGuideLine, useRenameGuide, useSetGuideLine } from './mutations';
import { useOrderGuide } from './queries';
import { downloadCsvFile } from '../../lib/downloadTextFile';

/** One order guide: its products and pars, "Count and order", rename, export, delete. */
export default function GuideScreen({ route }: { route: Route }) {
  const id = route.screen === 'guide' ? route.id : '';
  const query = useOrderGuide(id);
  const [mode, setMode] = useState<'pars' | 'count'>('pars');
  return (
    <QueryView
      query={query}
      loading="Loading the guide…"
      errorTitle="The guide could not be loaded"
      renderError={(message) => (
        <section aria-labelledby="guide-title">
          <p><a href={routeHref({ screen: 'guides' })}>← Order guides</a></p>
          <h1 id="guide-title">Order guide</h1>
          {message}
        </section>
      )}
    >
      {(view) => (
        <section aria-labelledby="guide-title" className="guide">
          <p><a href={routeHref({ screen: 'guides' })}>← Order guides</a></p>
          <h1 id="guide-title">{view.guide.name}</h1>
          <DataAge freshness={view.freshness} label="Catalog" />
          <GuideActions view={view} />
          <div className="guide-modes" role="group" aria-label="What to do">
            <button type="button" aria-pressed={mode === 'pars'} onClick={() => setMode('pars')}>
              Edit pars
            </button>
            <button type="button" aria-pressed={mode === 'count'} className={mode === 'count' ? 'primary' : undefined} onClick={() => setMode('count')} disabled={view.lines.length === 0}>
              Count and order
            </button>
          </div>
          {view.lines.length === 0 ? (
            <p>
              This guide lists no products yet. Add them from the <a href={routeHref({ screen: 'catalog' })}>catalog</a> with “Add to guide”.
            </p>
          ) : mode === 'pars' ? (
            <ParsTable view={view} />
          ) : (
            <CountAndOrder key={view.guide.id} view={view} />
          )}
        </section>
      )}
    </QueryView>
  );
}

function GuideActions({ view }: { view: OrderGuideView }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(view.guide.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const rename = useRenameGuide();
  const remove = useDeleteGuide();
  const exportGuide = useExportGuide();

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    const problem = guideNameProblem(name);
    if (problem) {
      setNameError(problem);
      return;
    }
    setNameError(null);
    rename.mutate(
      { id: view.guide.id, name },
      { onSuccess: () => setRenaming(false), onError: (error) => setNameError(serverFieldError(error, 'name') ?? errorMessage(error)) },
    );
  };

  const onExport = () =>
    exportGuide.mutate(view.guide.id, {
      onSuccess: (exported) => {
        if (exported.outcome === 'download') downloadCsvFile(exported.fileName, exported.csv);
        if (exported.outcome !== 'cancelled') {
          showToast({
            tone: exported.withoutCode > 0 ? 'warning' : 'success',
            title: exported.outcome === 'saved' ? `Saved ${exported.fileName}` : `Downloaded ${exported.fileName}`,
            description:
              exported.withoutCode > 0
                ? `${formatCount(exported.withoutCode, 'product has', 'products have')} no SKU or UPC on this computer yet; those rows cannot be imported back.`
                : undefined,
          });
        }
      },
    });

  return (
    <div className="guide-actions">
      {renaming ? (
        <form onSubmit={onRename} noValidate aria-label="Rename the guide" className="inline-form">
          <label htmlFor={`${id}-name`}>New name</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
          />
          <button type="submit" className="primary" disabled={rename.isPending}>
            Save name
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
          {nameError ? <p id={`${id}-name-error`} className="field-error">{nameError}</p> : null}
        </form>
      ) : (
        <button type="button" onClick={() => setRenaming(true)}>
          Rename
        </button>
      )}
      <button type="button" onClick={onExport} disabled={exportGuide.isPending}>
        Export CSV
      </button>
      <ConfirmDialog
        trigger={<button type="button" className="danger">Delete guide</button>}
        title={`Delete “${view.guide.name}”?`}
        description="The guide and its pars are removed from this computer. The products stay in the catalog and nothing in the cart changes."
        confirmLabel="Delete guide"
        onConfirm={() => remove.mutate(view.guide.id, { onSuccess: () => navigate({ screen: 'guides' }) })}
      />
      {exportGuide.isError ? <p className="field-error" role="alert">Not exported: {errorMessage(exportGuide.error)}</p> : null}
      {remove.isError ? <p className="field-error" role="alert">Not deleted: {errorMessage(remove.error)}</p> : null}
    </div>
  );
}

function ParsTable({ view }: { view: OrderGuideView }) {
  return (
    <table className="guide-table" aria-label="Products and pars">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">Case</th>
          <th scope="col" className="num">Min.</th>
          <th scope="col">Stock</th>
          <th scope="col">Par (cases)</th>
          <th scope="col"><span className="visually-hidden">Remove</span></th>
        </tr>
      </thead>
      <tbody>
        {view.lines.map((line) => (
          <ParRow key={line.productId} guideId={view.guide.id} line={line} />
        ))}
      </tbody>
    </table>
  );
}

function ParRow({ guideId, line }: { guideId: string; line: OrderGuideView['lines'][number] }) {
  const id = useId();
  const [par, setPar] = useState(String(line.par));
  const [error, setError] = useState<string | null>(null);
  const setLine = useSetGuideLine();
  const removeLine = useRemoveGuideLine();
  const name = guideLineName(line);

  const save = () => {
    const check = readPar(par);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    if (check.value === line.par) return;
    setLine.mutate(
      { id: guideId, productId: line.productId, par: check.value },
      { onError: (failure) => setError(serverFieldError(failure, 'par') ?? `Not saved: ${errorMessage(failure)}`) },
    );
  };

  return (
    <tr>
      <th scope="row" className="guide-product">
        {line.product ? <a href={routeHref({ screen: 'product', id: line.productId })}>{name}</a> : name}
        {line.product ? <span className="muted"> · {line.product.supplier.name}</span> : null}
      </th>
      <td className="num">{line.product ? formatCents(line.product.case_price_cents) : '—'}</td>
      <td className="num">{line.product ? line.product.minimum_order : '—'}</td>
      <td>{line.product ? stockLabel(line.product.inventory_available, true) : '—'}</td>
      <td>
        <input
          id={`${id}-par`}
          className="count-input"
          inputMode="numeric"
          value={par}
          aria-label={`Par for ${name}`}
          onChange={(event) => setPar(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-par-error` : undefined}
        />
        {error ? <p id={`${id}-par-error`} className="field-error">{error}</p> : null}
        {setLine.isSuccess && !error ? <span className="muted" role="status"> Saved ({formatCases(Number(par))})</span> : null}
      </td>
      <td>
        <button type="button" onClick={() => removeLine.mutate({ id: guideId, productId: line.productId })} aria-label={`Remove ${name} from the guide`} disabled={removeLine.isPending}>
          Remove
        </button>
        {removeLine.isError ? <p className="field-error" role="alert">Not removed: {errorMessage(removeLine.error)}</p> : null}
      </td>
    </tr>
  );
}
