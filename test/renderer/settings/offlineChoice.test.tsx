import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { coverageNote } from '../../../renderer/features/catalog/coverageNote';
import { choiceSummary, removedSuppliers, sizeBasisNote } from '../../../renderer/features/settings/offlineChoiceWords';
import type { OfflineChoiceView } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

async function openChoice(fake: ReturnType<typeof createFakeBridge>) {
  renderApp(fake.bridge, '#/settings');
  const section = (await screen.findByRole('heading', { name: 'What to keep offline', level: 2 }, slow)).closest('section')!;
  await within(section).findByRole('radio', { name: /All of the catalog/ }, slow);
  return within(section);
}

describe('settings: what to keep offline', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('shows the whole catalog kept, its estimated size, and how the estimate is made', async () => {
    const section = await openChoice(createFakeBridge());
    expect((section.getByRole('radio', { name: 'All of the catalog (about 6.6 KB)' }) as HTMLInputElement).checked).toBe(true);
    expect(section.getByText('All 2 suppliers, 4 products: about 6.6 KB on disk.')).toBeTruthy();
    expect(section.getByText(/Sizes are estimates: each supplier's number of products × 1\.7 KB, the space a product takes in this offline copy now\./)).toBeTruthy();
    expect(section.queryByRole('table')).toBeNull();
  });

  it('choosing suppliers (native checkboxes labelled by the supplier’s name): each row says its size, the total follows, and saving sends exactly the choice', async () => {
    const fake = createFakeBridge();
    const section = await openChoice(fake);
    fireEvent.click(section.getByRole('radio', { name: 'Only the suppliers I choose' }));
    const table = section.getByRole('table', { name: 'Suppliers and the space their products take offline' });
    const napa = within(table).getByRole('row', { name: /Napa Ridge Cellars/ });
    expect(within(napa).getByText('3.3 KB')).toBeTruthy();
    // Nothing chosen yet: said before anything is applied.
    expect(section.getByRole('status').textContent).toContain('No supplier is chosen: no product will be kept offline');
    const box = section.getByRole('checkbox', { name: 'Napa Ridge Cellars' });
    box.focus();
    fireEvent.click(box);
    expect(section.queryByText(/No supplier is chosen/)).toBeNull();
    expect(section.getByText('Chosen: 1 supplier, 2 products: about 3.3 KB on disk (all of the catalog: about 6.6 KB).')).toBeTruthy();
    // Keeping less than all removes what the others held: confirmed first.
    fireEvent.click(section.getByRole('button', { name: 'Save choice' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove the offline data of 1 supplier?')).toBeTruthy();
    expect(within(dialog).getByText(/Sonoma Coast Wines are\s+deleted from this computer now/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(fake.callsTo('setOfflineChoice')).toEqual([{ choice: { keep: 'suppliers', supplierIds: ['sup_napa'] } }]));
  });

  it('cancelling the confirm changes nothing', async () => {
    const fake = createFakeBridge();
    const section = await openChoice(fake);
    fireEvent.click(section.getByRole('radio', { name: 'Only the suppliers I choose' }));
    fireEvent.click(section.getByRole('button', { name: 'Save choice' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('setOfflineChoice')).toEqual([]);
  });

  it('widening needs no confirm', async () => {
    const fake = createFakeBridge();
    await fake.bridge.setOfflineChoice({ choice: { keep: 'suppliers', supplierIds: ['sup_napa'] } });
    const section = await openChoice(fake);
    expect((section.getByRole('checkbox', { name: 'Napa Ridge Cellars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(section.getByRole('radio', { name: /All of the catalog/ }));
    fireEvent.click(section.getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(fake.callsTo('setOfflineChoice').at(-1)).toEqual({ choice: { keep: 'all' } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the catalog says it searched only the suppliers kept offline, and says nothing when all are kept', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/catalog');
    await screen.findByRole('heading', { name: 'Catalog', level: 1 }, slow);
    await screen.findAllByText(/Napa Ridge/, undefined, slow);
    expect(screen.queryByTestId('coverage-note')).toBeNull();
    resetClientState();
    document.body.innerHTML = '';
    await fake.bridge.setOfflineChoice({ choice: { keep: 'suppliers', supplierIds: ['sup_napa'] } });
    renderApp(fake.bridge, '#/catalog');
    expect((await screen.findByTestId('coverage-note', undefined, slow)).textContent).toBe('Searched only the 1 supplier kept offline — 2 of 4 products. Choose what to keep offline');
  });
});

describe('offline choice words', () => {
  const view: OfflineChoiceView = {
    choice: { keep: 'suppliers', supplierIds: ['sup_a', 'sup_b'] },
    suppliers: [
      { id: 'sup_a', name: 'A', products: 3_000, kept: true, estimatedBytes: 3_000 * 1_700 },
      { id: 'sup_b', name: 'B', products: 400, kept: true, estimatedBytes: 400 * 1_700 },
      { id: 'sup_c', name: 'C', products: 46_600, kept: false, estimatedBytes: 46_600 * 1_700 },
    ],
    bytesPerProduct: 1_700,
    basis: 'typical',
    allBytes: 50_000 * 1_700,
    choiceBytes: 3_400 * 1_700,
    productsKept: 0,
  };
  it('the coverage note in plain words', () => {
    expect(coverageNote({ suppliersKept: 12, productsKept: 3_400, productsInCatalog: 50_000 })).toBe('Searched only the 12 suppliers kept offline — 3,400 of 50,000 products.');
    expect(coverageNote({ suppliersKept: 2, productsKept: 30, productsInCatalog: null })).toBe('Searched only the 2 suppliers kept offline — 30 products.');
    expect(coverageNote({ suppliersKept: 0, productsKept: 0, productsInCatalog: 9 })).toMatch(/^No supplier is kept offline/);
    expect(coverageNote(null)).toBeNull();
    expect(coverageNote(undefined)).toBeNull();
  });
  it('totals, what a draft removes, and the basis of the estimate', () => {
    expect(choiceSummary(view, { keep: 'suppliers', supplierIds: ['sup_a'] })).toBe('Chosen: 1 supplier, 3,000 products: about 4.9 MB on disk (all of the catalog: about 81 MB).');
    expect(removedSuppliers(view, { keep: 'suppliers', supplierIds: ['sup_a'] }).map((supplier) => supplier.id)).toEqual(['sup_b']);
    expect(removedSuppliers(view, { keep: 'all' })).toEqual([]);
    expect(choiceSummary({ ...view, suppliers: [] }, { keep: 'all' })).toBe('The supplier list has not been downloaded yet: suppliers and sizes show after the first sync.');
    expect(sizeBasisNote(view)).toContain('the space a product typically takes (nothing is stored yet to measure)');
  });
});
