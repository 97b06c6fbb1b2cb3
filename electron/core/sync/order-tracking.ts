import type { Order, OrderListItem, OrderStatus } from '../../../shared';
import type { OrderDetailRecord } from '../offline/dataset-records';
import type { FetchOutcome } from './fetch-result';
import type { Limiter } from './paged-sync';

export interface OrderStatusChange {
  orderId: string;
  orderNumber: string;
  from: OrderStatus;
  status: OrderStatus;
}

/** Orders whose status moved since the previous copy (new orders are not changes). */
export function orderStatusChanges(previous: readonly OrderListItem[], next: readonly OrderListItem[]): OrderStatusChange[] {
  const before = new Map(previous.map((order) => [order.id, order.status]));
  const changes: OrderStatusChange[] = [];
  for (const order of next) {
    const from = before.get(order.id);
    if (from && from !== order.status) changes.push({ orderId: order.id, orderNumber: order.order_number, from, status: order.status });
  }
  return changes;
}

const isOpen = (status: OrderStatus) => status === 'confirmed' || status === 'shipped';

export type OrderDetailsOutcome =
  | { kind: 'unchanged'; count: number }
  | { kind: 'changed'; records: OrderDetailRecord[] }
  | { kind: 'failed'; error: string; records: OrderDetailRecord[] };

/**
 * Keeps the details (tracking, timeline) of the buyer's orders: orders still on their way are
 * re-read every sync (with their ETag), finished ones keep the detail already stored, and orders
 * no longer listed are dropped. A failed read keeps that order's stored detail.
 */
export async function syncOrderDetails(input: {
  orders: readonly OrderListItem[];
  previous: readonly OrderDetailRecord[] | null;
  fetchOrder: (id: string, etag: string | null) => Promise<FetchOutcome<Order>>;
  limit: Limiter;
  nowIso: string;
}): Promise<OrderDetailsOutcome> {
  const stored = new Map((input.previous ?? []).map((record) => [record.detail.id, record]));
  const listed = new Set(input.orders.map((order) => order.id));
  let changed = [...stored.keys()].some((id) => !listed.has(id));
  let firstError: string | null = null;
  const records = new Map<string, OrderDetailRecord>();

  await Promise.all(
    input.orders.map((order) =>
      input.limit(async () => {
        const known = stored.get(order.id);
        if (known && !isOpen(order.status) && known.detail.status === order.status) {
          records.set(order.id, known);
          return;
        }
        const outcome = await input.fetchOrder(order.id, known?.etag ?? null);
        if (!outcome.ok) {
          firstError ??= outcome.error.message;
          if (known) records.set(order.id, known);
          return;
        }
        if (outcome.notModified) {
          records.set(order.id, { ...known!, fetchedAt: input.nowIso });
          return;
        }
        changed = true;
        records.set(order.id, { detail: outcome.data, etag: outcome.etag, fetchedAt: input.nowIso });
      }),
    ),
  );
  const ordered = input.orders.map((order) => records.get(order.id)).filter((record): record is OrderDetailRecord => Boolean(record));
  if (firstError) return { kind: 'failed', error: firstError, records: ordered };
  return changed ? { kind: 'changed', records: ordered } : { kind: 'unchanged', count: ordered.length };
}
