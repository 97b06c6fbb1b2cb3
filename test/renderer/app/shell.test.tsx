import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import type { Product } from '../../../shared/schemas';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('app shell', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('navigates with Alt+digit and focuses the catalog search with "/"', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', altKey: true });
    await screen.findByRole('heading', { name: 'Orders', level: 1 }, slow);
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');

    fireEvent.keyDown(document.body, { key: '/' });
    const search = await screen.findByRole('searchbox', { name: 'Search the catalog' }, slow);
    await waitFor(() => expect(document.activeElement).toBe(search));

    fireEvent.click(screen.getByRole('link', { name: 'Account' }));
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    fireEvent.click(screen.getByRole('link', { name: 'Catalog' }));
    const again = await screen.findByRole('searchbox', { name: 'Search the catalog' }, slow);
    await screen.findByText('4 products', undefined, slow);
    expect(document.activeElement).not.toBe(again);
  });

  it('lists the shortcuts in a dialog opened with "?"', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Alt+3');
    expect(dialog.textContent).toContain('Go to Cart');
  });

  it('contains a screen that fails on malformed data and keeps the rest of the app usable', async () => {
    const broken = { id: 'prod_cab', name: 'Broken' } as unknown as Product;
    const fake = createFakeBridge({ getProduct: async () => ok({ data: broken, freshness: { asOf: null, fromCache: true } }) });
    const errors = console.error;
    console.error = () => undefined;
    try {
      renderApp(fake.bridge, '#/product/prod_cab');
      expect(await screen.findByRole('heading', { name: 'The Product screen ran into a problem' }, slow)).toBeTruthy();
    } finally {
      console.error = errors;
    }
    fireEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow)).toBeTruthy();
  });

  it('asks to connect when no service is configured', async () => {
    const fake = createFakeBridge();
    fake.setSession({ mode: 'none', account: null, keyStorage: 'none' });
    renderApp(fake.bridge, '#/catalog');
    await screen.findByRole('heading', { name: 'Connect to a marketplace' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Use the demo service' }));
    await waitFor(() => expect(fake.callsTo('useDemoService')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Catalog', level: 1 }, slow);
  });
});
