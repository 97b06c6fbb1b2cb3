import { useEffect, useMemo, useState } from 'react';
import type { OrderHistoryFilter } from '../../../shared/bridge';
import type { OrderStatus } from '../../../shared/schemas';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { buyerTimeZone, checkHistoryFilter } from './historyFilter';
import { useHistoryFilterStore } from './historyFilterStore';

/** A pause in typing before a search is applied. */
const SEARCH_PAUSE_MS = 250;

/**
 * The order history filter to show orders for: the fields as set (the search once typing pauses)
 * with the status tab. While a field is wrong, the last filter that was right stays applied and
 * `errors` says what is wrong, at once.
 */
export function useHistoryFilter(status: OrderStatus | 'all') {
  const fields = useHistoryFilterStore((state) => state.fields);
  const search = useDebouncedValue(fields.search, SEARCH_PAUSE_MS);
  const timeZone = useMemo(buyerTimeZone, []);
  const now = useMemo(() => checkHistoryFilter(fields, status, timeZone), [fields, status, timeZone]);
  const paused = useMemo(() => checkHistoryFilter({ ...fields, search }, status, timeZone), [fields, search, status, timeZone]);
  const [applied, setApplied] = useState<OrderHistoryFilter>(() => (paused.ok ? paused.filter : { timeZone }));
  const pausedKey = paused.ok ? JSON.stringify(paused.filter) : null;
  useEffect(() => {
    if (paused.ok) setApplied(paused.filter);
    // The key stands for the filter's value: a new object with the same value changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pausedKey]);
  return { filter: paused.ok ? paused.filter : applied, errors: now.ok ? {} : now.errors, valid: now.ok };
}
