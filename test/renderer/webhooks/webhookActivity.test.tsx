import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, type ServiceExtensions } from '../../../shared/bridge';
import type { Webhook, WebhookDeliveryRecord } from '../../../shared/schemas';
import { createFakeBridge } from '../support/fakeBridge';
import * as fixtures from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const ALL: ServiceExtensions = { cancelOrder: true, webhookDeliveries: true, webhookTest: true, webhookPause: true, orderCancelledEvent: true, orderBackups: true };

const record = (overrides: Partial<WebhookDeliveryRecord>): WebhookDeliveryRecord => ({
  webhook_id: 'dlv_1',
  event: 'order.shipped',
  order_id: 'ord_shipped1',
  state: 'delivered',
  attempts: 1,
  created_at: '2026-11-22T08:00:00.000Z',
  last_attempt_at: '2026-11-22T08:00:01.000Z',
  status_code: 204,
  error: null,
  duration_ms: 12,
  next_retry_at: null,
  ...overrides,
});

/** A fake service offering `extensions`, with one failed delivery logged for wh_one. */
function serviceWith(extensions: ServiceExtensions) {
  let hooks: Webhook[] = fixtures.webhooks.map((webhook) => ({ ...webhook }));
  let deliveries: WebhookDeliveryRecord[] = [record({ webhook_id: 'dlv_failed', state: 'failed', attempts: 8, status_code: 500, error: 'receiver answered 500' })];
  const fake = createFakeBridge({
    getServiceExtensions: async (input) => {
      fake.calls.push({ method: 'getServiceExtensions', input });
      return ok(extensions);
    },
    listWebhooks: async () => ok({ items: hooks, freshness: { asOf: null, fromCache: false } }),
    listWebhookDeliveries: async (input) => {
      fake.calls.push({ method: 'listWebhookDeliveries', input });
      const items = input.id === 'wh_one' ? deliveries : [];
      return ok({ items, meta: { total: items.length, page: 1, per_page: 10, total_pages: items.length ? 1 : 0 } });
    },
    sendWebhookTest: async (input) => {
      fake.calls.push({ method: 'sendWebhookTest', input });
      const sent = record({ webhook_id: `dlv_test${deliveries.length}`, event: 'webhook.test', order_id: null, duration_ms: 34 });
      deliveries = [sent, ...deliveries];
      return ok(sent);
    },
    setWebhookActive: async (input) => {
      fake.calls.push({ method: 'setWebhookActive', input });
      hooks = hooks.map((webhook) => (webhook.id === input.id ? { ...webhook, active: input.active } : webhook));
      return ok(hooks.find((webhook) => webhook.id === input.id)!);
    },
  });
  return fake;
}

describe('what webhooks did (service extensions)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('lists the recent deliveries, a failing one standing out, and the events each listens to', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/webhooks');
    const table = await screen.findByRole('table', { name: 'Deliveries to https://hooks.example.com/one' }, slow);
    const failed = within(table).getByText('Failed: HTTP 500').closest('tr')!;
    expect(failed.className).toContain('delivery-failing');
    expect(within(failed).getByText('8')).toBeTruthy();
    expect(screen.getByText(/Listens to: order\.shipped/)).toBeTruthy();
  });

  it('sends a test event and shows its result, then lists it', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event to https://hooks.example.com/one' }, slow));
    expect((await screen.findByText(/Test event: Delivered \(HTTP 204\) in 34 ms/)).className).toContain('verified');
    expect(fake.callsTo('sendWebhookTest')).toEqual([{ id: 'wh_one' }]);
    const table = screen.getByRole('table', { name: 'Deliveries to https://hooks.example.com/one' });
    await waitFor(() => expect(within(table).getByText('webhook.test')).toBeTruthy());
  });

  it('pauses and resumes; a paused one says it will not be sent what it misses and cannot be tested', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Pause webhook https://hooks.example.com/one' }, slow));
    const resume = await screen.findByRole('button', { name: 'Resume webhook https://hooks.example.com/one' });
    expect((screen.getByRole('button', { name: 'Send test event to https://hooks.example.com/one' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(/Events raised while paused are not sent after it resumes/).length).toBe(2);
    fireEvent.click(resume);
    await screen.findByRole('button', { name: 'Pause webhook https://hooks.example.com/one' });
    expect(fake.callsTo('setWebhookActive')).toEqual([{ id: 'wh_one', active: false }, { id: 'wh_one', active: true }]);
  });

  it('offers order.cancelled when registering only where the service accepts it', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/webhooks');
    expect(await screen.findByRole('checkbox', { name: 'order.cancelled' }, slow)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Address that receives events' }), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(fake.callsTo('createWebhook')).toEqual([{ url: 'https://hooks.example.com/new', events: ['order.confirmed', 'order.shipped', 'order.delivered', 'order.cancelled'] }]));
  });

  it('shows the screen as before against a service without the extensions', async () => {
    const fake = serviceWith({ cancelOrder: false, webhookDeliveries: false, webhookTest: false, webhookPause: false, orderCancelledEvent: false, orderBackups: false });
    renderApp(fake.bridge, '#/webhooks');
    await screen.findByText('https://hooks.example.com/one', undefined, slow);
    await waitFor(() => expect(fake.callsTo('getServiceExtensions').length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: /Send test event|Pause webhook|Resume webhook/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'order.cancelled' })).toBeNull();
    expect(fake.callsTo('listWebhookDeliveries')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Address that receives events' }), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(fake.callsTo('createWebhook')).toEqual([{ url: 'https://hooks.example.com/new', events: ['order.confirmed', 'order.shipped', 'order.delivered'] }]));
  });
});
