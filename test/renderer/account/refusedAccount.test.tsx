import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { DISK_FULL, refuseUntilRecovered } from '../support/refusedCopy';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };

describe('the account the offline copy refused to read (a full disk)', { timeout: 30_000 }, () => {
  beforeEach(resetClientState);

  it('shows the copy\'s words in place of the account, and Try again reads it once there is room', async () => {
    const fake = createFakeBridge();
    const refusal = refuseUntilRecovered(fake.bridge, 'getAccount');
    renderApp(fake.bridge, '#/account');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`The account could not be loaded: ${DISK_FULL}Try again`);
    refusal.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Bistro Verde', { exact: false }, slow)).toBeTruthy();
    expect(screen.queryByText(DISK_FULL, { exact: false })).toBeNull();
  });
});
