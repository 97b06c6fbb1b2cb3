import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type ServiceExtensions } from '../../../shared/bridge';
import type { WebhookDeliveryRecord } from '../../../shared/schemas';
import { DataAge } from '../../../renderer/components/DataAge';
import { AGE_TICK_MS } from '../../../renderer/lib/useNow';
import { DELIVERIES_REFRESH_MS } from '../../../renderer/features/webhooks/queries';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const ALL: ServiceExtensions = { cancelOrder: true, webhookDeliveries: true, webhookTest: true, webhookPause: true, orderCancelledEvent: true, orderBackups: true };

/** A paragraph by its whole text, the age in its <time> included. */
const wholeText = (text: string) => (_content: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const delivery = (n: number, overrides: Partial<WebhookDeliveryRecord> = {}): WebhookDeliveryRecord => ({
  webhook_id: `msg_${n}`,
  event: 'order.shipped',
  order_id: 'ord_shipped1',
  state: 'delivered',
  attempts: 1,
  created_at: new Date(Date.UTC(2026, 10, 22, 8, n)).toISOString(),
  last_attempt_at: new Date(Date.UTC(2026, 10, 22, 8, n, 1)).toISOString(),
  status_code: 204,
  error: null,
  duration_ms: 12,
  next_retry_at: null,
  ...overrides,
});

describe('an age on screen stays true while the screen stays open', () => {
  afterEach(() => vi.useRealTimers());

  it('"just now" becomes "1 min ago" by itself, without new data', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12, 0, 0) });
    render(<DataAge freshness={{ asOf: new Date(Date.UTC(2026, 10, 25, 11, 59, 50)).toISOString(), fromCache: false }} label="Webhooks" />);
    expect(screen.getByText(wholeText('Webhooks from the service, read just now'))).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(wholeText('Webhooks from the service, read 1 min ago'))).toBeTruthy();
    act(() => vi.advanceTimersByTime(AGE_TICK_MS * 8));
    expect(screen.getByText(wholeText('Webhooks from the service, read 3 min ago'))).toBeTruthy();
  });

  it('says what the time is: when the service last confirmed the saved copy', () => {
    render(<DataAge freshness={{ asOf: new Date(Date.now() - 3 * 3_600_000).toISOString(), fromCache: true }} label="Catalog" />);
    expect(screen.getByText(wholeText('Catalog saved copy, checked with the service 3 h ago'))).toBeTruthy();
  });
});

describe('Settings → Offline copy follows the connection while it is open', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('goes from "Online · idle" to "Offline" when the core says the service went away, with the datasets\' problems', async () => {
    let online = true;
    const fake = createFakeBridge({
      getSyncStatus: async () =>
        ok({
          online,
          running: false,
          cacheBytes: 1024,
          datasets: [{ name: 'catalog', updatedAt: '2026-11-22T08:00:00.000Z', count: 12, error: online ? null : 'Could not reach the service.' }],
        }),
    });
    renderApp(fake.bridge, '#/settings');
    const panel = (await screen.findByRole('heading', { name: 'Offline copy', level: 2 }, slow)).closest('section')!;
    await within(panel).findByText(/^Online · idle/, undefined, slow);
    online = false;
    act(() => fake.emit({ type: 'connectivity', online: false }));
    // The test's query client never refetches by itself: only the event can bring the new state.
    await within(panel).findByText(/^Offline · syncs again when the service can be reached/, undefined, slow);
    expect(within(panel).getByText('Could not reach the service.')).toBeTruthy();
    expect(within(panel).queryByText(/^Online/)).toBeNull();
  });
});

describe('the Webhooks screen while it is open', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);
  afterEach(() => vi.useRealTimers());

  function serviceWith(deliveries: () => WebhookDeliveryRecord[]) {
    return createFakeBridge({
      getServiceExtensions: async () => ok(ALL),
      listWebhookDeliveries: async (input) => {
        const items = input.id === 'wh_one' ? deliveries() : [];
        return ok({ items, meta: { total: items.length, page: 1, per_page: 10, total_pages: items.length ? 1 : 0 } });
      },
    });
  }

  it('shows new deliveries as the service makes them, without leaving the screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let log = [delivery(1)];
    const fake = serviceWith(() => log);
    renderApp(fake.bridge, '#/webhooks');
    await screen.findByText('Recent deliveries (1)', undefined, slow);
    log = [delivery(4), delivery(3), delivery(2), ...log];
    await act(() => vi.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS));
    await screen.findByText('Recent deliveries (4)', undefined, slow);
  });

  it('lists deliveries newest first by the time it shows, a retried old event keeping its place', async () => {
    // The oldest event was retried last: ordered by its last attempt it would jump to the top.
    const retried = delivery(1, { state: 'pending', attempts: 6, status_code: null, error: 'connect ECONNREFUSED', last_attempt_at: '2026-11-22T09:30:00.000Z', next_retry_at: '2026-11-22T09:45:00.000Z' });
    const fake = serviceWith(() => [retried, delivery(3), delivery(2)]);
    renderApp(fake.bridge, '#/webhooks');
    const table = await screen.findByRole('table', { name: /^Deliveries to / }, slow);
    const times = within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('time')!.getAttribute('datetime')!);
    expect(times).toEqual([delivery(3).created_at, delivery(2).created_at, retried.created_at]);
    expect(within(table).getByRole('columnheader', { name: 'Time' }).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(within(table).getAllByRole('row').at(-1)!.textContent).toMatch(/last tried .*next at/));
  });
});
