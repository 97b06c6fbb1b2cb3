import { useMemo, type ChangeEvent, type FocusEvent } from 'react';
import { CheckedInput } from '../../components/CheckedInput';
import { buyerTimeZone, checkHistoryFilter, isFiltering } from './historyFilter';
import { useHistoryFilterStore, type HistoryFilterFields } from './historyFilterStore';
import { useHistorySuppliers } from './queries';

/**
 * The order history filter: supplier, the days placed (both included) and a search of order
 * numbers and products. What is wrong with a field is said under it; the orders shown stay those
 * of the last filter that was right.
 */
export function HistoryFilters() {
  const fields = useHistoryFilterStore((state) => state.fields);
  const setFields = useHistoryFilterStore((state) => state.setFields);
  const clear = useHistoryFilterStore((state) => state.clear);
  const suppliers = useHistorySuppliers();
  const timeZone = useMemo(() => buyerTimeZone(), []);
  const check = useMemo(() => checkHistoryFilter(fields, 'all', timeZone), [fields, timeZone]);
  const errors = check.ok ? {} : check.errors;
  const supplierMissing = fields.supplierId !== '' && !suppliers.data?.some((supplier) => supplier.id === fields.supplierId);

  return (
    <form className="history-filters" role="search" aria-label="Order history filter" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="history-supplier">Supplier</label>
        <select id="history-supplier" value={fields.supplierId} onChange={(event) => setFields({ supplierId: event.target.value })}>
          <option value="">All suppliers</option>
          {supplierMissing ? <option value={fields.supplierId}>{fields.supplierId}</option> : null}
          {suppliers.data?.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </select>
      </div>
      <DateField id="history-from" label="Placed from" field="from" fields={fields} error={errors.from} onChange={setFields} />
      <DateField id="history-to" label="Placed to" field="to" fields={fields} error={errors.to} onChange={setFields} />
      <CheckedInput id="history-search" label="Search orders" className="field history-search" error={errors.search}>
        {(describedBy) => (
          <input
            id="history-search"
            type="search"
            placeholder="Order number or product"
            value={fields.search}
            onChange={(event) => setFields({ search: event.target.value })}
            {...describedBy}
          />
        )}
      </CheckedInput>
      {isFiltering(fields) ? (
        <button type="button" className="ghost" onClick={clear}>
          Clear filter
        </button>
      ) : null}
    </form>
  );
}

function DateField(props: {
  id: string;
  label: string;
  field: 'from' | 'to';
  fields: HistoryFilterFields;
  error: string | undefined;
  onChange(change: Partial<HistoryFilterFields>): void;
}) {
  const { id, label, field, fields, error, onChange } = props;
  const incomplete = field === 'from' ? 'fromIncomplete' : 'toIncomplete';
  // A date field holding what is not a whole date has the value '' and says so in `validity.badInput`.
  const report = (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) =>
    onChange({ [field]: event.target.value, [incomplete]: event.target.validity.badInput });
  return (
    <CheckedInput id={id} label={label} error={error}>
      {(describedBy) => <input id={id} type="date" value={fields[field]} onChange={report} onBlur={report} {...describedBy} />}
    </CheckedInput>
  );
}
