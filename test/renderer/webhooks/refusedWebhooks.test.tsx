import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { DISK_FULL, refuseUntilRecovered } from '../support/refusedCopy';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };

describe('webhooks the offline copy refused to read (a full disk)', { timeout: 30_000 }, () => {
  beforeEach(resetClientState);

  it('shows the copy\'s words in place of the list, and Try again reads it once there is room', async () => {
    const fake = createFakeBridge();
    const refusal = refuseUntilRecovered(fake.bridge, 'listWebhooks');
    renderApp(fake.bridge, '#/webhooks');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`Webhooks could not be loaded: ${DISK_FULL}Try again`);
    refusal.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('https://hooks.example.com/one', undefined, slow)).toBeTruthy();
    expect(screen.queryByText(DISK_FULL, { exact: false })).toBeNull();
  });
});
