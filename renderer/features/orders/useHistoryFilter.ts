import { useMemo, useState } from 'react';
import type { OrderHistoryFilter } from '../../../shared/bridge';
import type { OrderStatus } from '../../../shared/schemas';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { buyerTimeZone, checkHistoryFilter } from './historyFilter';
import { useHistoryFilterStore } from './historyFilterStore';

/** A pause in typing before a search is applied. */
const SEARCH_PAUSE_MS = 250;

/**
 * The order history filter to show orders for: the fields as set (the search once typing pauses)
 * with the status tab. While a field is wrong, the last filter that was right stays applied (the
 * filter's form says what is wrong).
 */
export function useHistoryFilter(status: OrderStatus | 'all') {
  const fields = useHistoryFilterStore((state) => state.fields);
  const search = useDebouncedValue(fields.search, SEARCH_PAUSE_MS);
  const timeZone = useMemo(() => buyerTimeZone(), []);
  const paused = useMemo(() => checkHistoryFilter({ ...fields, search }, status, timeZone), [fields, search, status, timeZone]);
  const [applied, setApplied] = useState<OrderHistoryFilter>(() => (paused.ok ? paused.filter : { timeZone }));
  // Remembered while rendering (React's way to keep what an earlier render saw), compared by value.
  if (paused.ok && JSON.stringify(paused.filter) !== JSON.stringify(applied)) setApplied(paused.filter);
  return { filter: paused.ok ? paused.filter : applied };
}
