import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseworksBridge } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const words = () => screen.queryByText('Updating the offline copy for this version of Caseworks.');

describe('the offline copy updated for this version as it first opens', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('tells the buyer waiting on the catalog what is happening and how far it has come, in a live region, then goes as the catalog shows', async () => {
    const fake = createFakeBridge();
    // The offline worker answers nothing while it updates the copy: the catalog's search waits.
    const search = fake.bridge.searchCatalog;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.bridge.searchCatalog = (async (input) => {
      await held;
      return search(input);
    }) as CaseworksBridge['searchCatalog'];
    renderApp(fake.bridge, '#/catalog');
    await screen.findByRole('searchbox', { name: 'Search the catalog' }, slow);
    expect(words()).toBeNull();

    act(() => fake.emit({ type: 'offline-upgrade', done: 0, total: 8, finished: false, problem: null }));
    const told = words()!;
    expect(told).toBeTruthy();
    expect(told.closest('[role="status"]')!.textContent).toContain('This happens once and can take a minute with a large catalog');
    const bar = screen.getByRole('progressbar', { name: 'Offline copy update' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0% done');

    act(() => fake.emit({ type: 'offline-upgrade', done: 6, total: 8, finished: false, problem: null }));
    expect(screen.getByRole('progressbar', { name: 'Offline copy update' }).getAttribute('aria-valuetext')).toBe('75% done');
    expect(screen.queryByText('4 products')).toBeNull();

    act(() => {
      fake.emit({ type: 'offline-upgrade', done: 8, total: 8, finished: true, problem: null });
      release();
    });
    expect(words()).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Offline copy update' })).toBeNull();
    await screen.findByText('4 products', undefined, slow);
  });

  it('says in the core’s words when a full disk stopped the update, until it is tried again', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    const message = 'The disk is full, so the offline copy could not be updated for this version of Caseworks.';
    act(() => fake.emit({ type: 'offline-upgrade', done: 0, total: 8, finished: false, problem: null }));
    act(() => fake.emit({ type: 'offline-upgrade', done: 3, total: 8, finished: true, problem: { code: 'disk_full', message } }));
    expect(words()).toBeNull();
    const stopped = screen.getByText('The offline copy could not be updated.');
    expect(stopped.closest('[role="status"]')!.textContent).toContain(message);
    // Tried again once there is room: the update is told again, and the problem goes with its end.
    act(() => fake.emit({ type: 'offline-upgrade', done: 0, total: 8, finished: false, problem: null }));
    expect(words()).toBeTruthy();
    expect(screen.queryByText('The offline copy could not be updated.')).toBeNull();
    act(() => fake.emit({ type: 'offline-upgrade', done: 8, total: 8, finished: true, problem: null }));
    expect(words()).toBeNull();
    expect(screen.queryByText('The offline copy could not be updated.')).toBeNull();
  });

  it('says so on any screen, with no bar when there is nothing to count', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    act(() => fake.emit({ type: 'offline-upgrade', done: 0, total: 0, finished: false, problem: null }));
    expect(words()).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Offline copy update' })).toBeNull();
    act(() => fake.emit({ type: 'offline-upgrade', done: 0, total: 0, finished: true, problem: null }));
    await waitFor(() => expect(words()).toBeNull());
  });
});
