import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('webhooks', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('deletes only after the confirmation dialog, and cancelling keeps the webhook', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/webhooks');
    const remove = await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/one' }, slow);

    fireEvent.click(remove);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    expect(dialog.textContent).toContain('https://hooks.example.com/one');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsTo('deleteWebhook')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/one' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(screen.queryByText('https://hooks.example.com/one')).toBeNull(), slow);
    expect(fake.callsTo('deleteWebhook')).toEqual([{ id: 'wh_one' }]);
    expect(screen.getByText('https://hooks.example.com/two')).toBeTruthy();
  });

  it('registers a webhook and shows its secret once', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/webhooks');
    const url = await screen.findByRole('textbox', { name: 'Address that receives events' }, slow);
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    expect(await screen.findByText(/Enter a full address starting with https:\/\//)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/a#b#c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    expect(await screen.findByText(/This address cannot receive events: .* at most one #/)).toBeTruthy();
    expect(fake.callsTo('createWebhook')).toEqual([]);

    fireEvent.change(url, { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'order.delivered' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe('whsec_c2VjcmV0');
    expect(fake.callsTo('createWebhook')).toEqual([{ url: 'https://hooks.example.com/new', events: ['order.confirmed', 'order.shipped'] }]);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it, hide the secret' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('takes the secret panel away when the webhook it belongs to is deleted', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/webhooks');
    await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/one' }, slow);
    fireEvent.change(screen.getByLabelText('Address that receives events'), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    expect(await screen.findByLabelText('Signing secret', undefined, slow)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/new' }, slow));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(screen.queryByLabelText('Signing secret')).toBeNull(), slow);
    expect(fake.callsTo('deleteWebhook')).toEqual([{ id: 'wh_new1' }]);
  });
});
