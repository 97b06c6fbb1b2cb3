import { screen, waitFor, fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { noteSearchKeystroke, useTypingStore } from '../../../renderer/app/typingStore';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

const optionTexts = (name: string) => [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((option) => option.textContent);

describe('the filters panel while the buyer types a search', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('keeps the facet counts it showed until the typing pauses, then shows the latest results\'', async () => {
    renderApp(createFakeBridge().bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    // The counts render just after the results (a deferred value), so they are waited for.
    await waitFor(() => expect(optionTexts('Varietal')).toContain('Cabernet Sauvignon (1)'), slow);
    const before = optionTexts('Varietal');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pinot' } });
    // The buyer goes on typing (as the search box notes each keystroke) while the results arrive.
    const typing = setInterval(noteSearchKeystroke, 50);
    try {
      await screen.findByText('1 product', undefined, slow);
      // Long enough for a deferred render of the new counts.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(useTypingStore.getState().typing).toBe(true);
      expect(optionTexts('Varietal'), 'the counts of every keystroke rendered while typing').toEqual(before);
    } finally {
      clearInterval(typing);
    }
    await waitFor(() => expect(useTypingStore.getState().typing).toBe(false), slow);
    await waitFor(() => expect(optionTexts('Varietal')).toEqual(['All varietals', 'Pinot Noir (1)']), slow);
  });
});
