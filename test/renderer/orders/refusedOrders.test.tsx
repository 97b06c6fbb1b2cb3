import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { DISK_FULL, refuseUntilRecovered } from '../support/refusedCopy';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };

describe('orders the offline copy refused to read (a full disk)', { timeout: 30_000 }, () => {
  beforeEach(resetClientState);

  it('the order list (the order history) shows the copy\'s words in place, and Try again reads it once there is room', async () => {
    const fake = createFakeBridge();
    const refusal = refuseUntilRecovered(fake.bridge, 'listOrderHistory');
    renderApp(fake.bridge, '#/orders');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`Orders could not be loaded: ${DISK_FULL}Try again`);
    refusal.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Napa Ridge Cellars', undefined, slow)).toBeTruthy();
    expect(screen.queryByText(DISK_FULL, { exact: false })).toBeNull();
  });

  it('an order shows the copy\'s words in place, and Try again reads it once there is room', async () => {
    const fake = createFakeBridge();
    const refusal = refuseUntilRecovered(fake.bridge, 'getOrder');
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`This order could not be loaded: ${DISK_FULL}Try again`);
    refusal.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow)).toBeTruthy();
    expect(screen.queryByText(DISK_FULL, { exact: false })).toBeNull();
  });
});
