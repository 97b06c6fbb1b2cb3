export { calendarDayIn } from './calendar-day';
export { filterOrderHistory, historySuppliers } from './history-filter';
export { historyOrders, type HistoryOrder } from './history-order';
export { orderHistoryTotals } from './history-totals';
export { lastOrderedByProduct } from './last-ordered';
export {
  ORDER_HISTORY_CSV_COLUMNS,
  ORDER_HISTORY_CSV_HEADERS,
  csvProductIds,
  orderHistoryCsv,
  orderHistoryFileName,
  type ProductFacts,
} from './history-csv';
