import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, OutboxListing } from '../../../shared/bridge';
import type { OrderStatus } from '../../../shared/schemas';
import { createBridgeEventHandler, ORDER_MOVES_GATHER_MS } from '../../../renderer/app/bridgeEvents';
import { useToastStore } from '../../../renderer/app/toastStore';
import { queryKeys } from '../../../renderer/lib/queryKeys';

const move = (status: OrderStatus, n: number) => ({ type: 'order-status' as const, orderId: `ord_${n}`, orderNumber: `CW-24000${n}`, status });
const toasts = () => useToastStore.getState().toasts.map(({ title, description }) => ({ title, description }));

describe('order moves told in the screens', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('a few moves get a toast each', () => {
    const handle = createBridgeEventHandler(new QueryClient());
    handle(move('shipped', 1));
    handle(move('delivered', 2));
    vi.advanceTimersByTime(ORDER_MOVES_GATHER_MS);
    expect(toasts()).toEqual([
      { title: 'Order CW-240001 has shipped', description: undefined },
      { title: 'Order CW-240002 was delivered', description: undefined },
    ]);
  });

  it('many moves arriving together get one toast that counts them, not a flood', () => {
    const handle = createBridgeEventHandler(new QueryClient());
    for (let n = 1; n <= 4; n += 1) handle(move('shipped', n));
    handle(move('delivered', 5));
    handle(move('cancelled', 6));
    vi.advanceTimersByTime(ORDER_MOVES_GATHER_MS);
    expect(toasts()).toEqual([{ title: '6 orders moved', description: '4 shipped, 1 delivered, 1 cancelled. See Orders for each.' }]);
  });

  it('each move still refreshes what the screens show of the orders at once', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    createBridgeEventHandler(queryClient)(move('shipped', 1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['order', 'ord_1'] });
  });
});

describe('the session told in the screens', () => {
  const invalidated = (type: 'session-changed' | 'session-problem') => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    createBridgeEventHandler(queryClient)({ type });
    return invalidate.mock.calls.map(([filters]) => filters?.queryKey ?? 'everything');
  };

  it('another account reads everything again', () => {
    expect(invalidated('session-changed')).toEqual(['everything']);
  });

  it('a problem of the same account reads the session and the sync status again, not the catalog it is showing', () => {
    expect(invalidated('session-problem')).toEqual([queryKeys.session, queryKeys.syncStatus]);
  });
});

describe('the outbox told in the screens', () => {
  const problem = { unreadable: 2, keptAs: null, message: '2 queued orders could not be read.' };
  const entry = (id: string, state: OutboxEntry['state']) => ({ id, state, supplierName: 'Domaine Test', confirmed: null, review: null }) as unknown as OutboxEntry;

  it('replaces the listed entries and keeps what could not be read of the outbox', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<OutboxListing>(queryKeys.outbox, { entries: [entry('ob_1', 'queued')], problem });
    createBridgeEventHandler(queryClient)({ type: 'outbox-changed', entries: [entry('ob_1', 'sending'), entry('ob_2', 'queued')] });
    const listing = queryClient.getQueryData<OutboxListing>(queryKeys.outbox);
    expect(listing?.entries.map(({ id, state }) => [id, state])).toEqual([
      ['ob_1', 'sending'],
      ['ob_2', 'queued'],
    ]);
    expect(listing?.problem).toEqual(problem);
  });

  it('reads the outbox when it was not read yet, rather than listing entries without their problem', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    createBridgeEventHandler(queryClient)({ type: 'outbox-changed', entries: [entry('ob_1', 'queued')] });
    expect(queryClient.getQueryData(queryKeys.outbox)).toBeUndefined();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.outbox });
  });
});
