import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { DISK_FULL, refuseUntilRecovered } from '../support/refusedCopy';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };

describe('suppliers the offline copy refused to read (a full disk)', { timeout: 30_000 }, () => {
  beforeEach(resetClientState);

  it('shows the copy\'s words in place of the list, and Try again reads it once there is room', async () => {
    const fake = createFakeBridge();
    const refusal = refuseUntilRecovered(fake.bridge, 'listSuppliers');
    renderApp(fake.bridge, '#/suppliers');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`Suppliers could not be loaded: ${DISK_FULL}Try again`);
    refusal.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sonoma Coast Wines', undefined, slow)).toBeTruthy();
    expect(screen.queryByText(DISK_FULL, { exact: false })).toBeNull();
  });

  it('lists the suppliers whose wine regions the copy refused to read, with the region filter unavailable and the copy\'s words beside it', async () => {
    const fake = createFakeBridge();
    const listed = fake.bridge.listSuppliers;
    fake.bridge.listSuppliers = async (input) => {
      const answer = await listed(input);
      return answer.ok ? ok({ ...answer.data, regions: [], regionsRefused: { code: 'storage_error', message: DISK_FULL, retryable: true } }) : answer;
    };
    renderApp(fake.bridge, '#/suppliers');
    expect(await screen.findByText('Sonoma Coast Wines', undefined, slow)).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Wine region' }) as HTMLSelectElement;
    expect(filter.disabled).toBe(true);
    const note = document.getElementById(filter.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(`Filtering by wine region is unavailable: ${DISK_FULL}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).disabled).toBe(false);
  });
});
