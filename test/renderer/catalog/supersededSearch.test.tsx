import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, type CatalogSearchInput } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const failureTexts = /could not be searched|latest search failed|newer search replaced/i;

describe('a keystroke\'s search replaced before it ran (superseded)', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  // The core answers `superseded` for a keystroke's search a newer keystroke replaced while it
  // waited (never computed). It must neither reach the screen as a failure nor be kept as that
  // text's answer: typed again, the text is searched again at once, not after a retry's delay
  // and not answered from a cached empty page.
  it('never shows as a failure, and the text typed again is searched at once', async () => {
    const fake = createFakeBridge();
    const search = fake.bridge.searchCatalog;
    const asked: string[] = [];
    let replaceFirst = true;
    let release: () => void = () => {};
    fake.bridge.searchCatalog = (input: CatalogSearchInput = {}) => {
      asked.push(input.text ?? '');
      if (input.text === 'pi' && replaceFirst) {
        // As the core does: the search for "pi" waits, and "pin" typed meanwhile replaces it.
        replaceFirst = false;
        return new Promise((resolve) => {
          release = () => resolve(fail('superseded', 'A newer search replaced this one before it ran.', true));
        });
      }
      if (input.text === 'pin') release();
      return search(input);
    };
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.body.textContent ?? '';
      if (failureTexts.test(text)) shown.push(text.match(failureTexts)![0]);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
    fireEvent.change(box, { target: { value: 'pi' } });
    fireEvent.change(box, { target: { value: 'pin' } });
    await screen.findByText('1 product', undefined, slow);
    const started = performance.now();
    fireEvent.change(box, { target: { value: 'pi' } });
    await waitFor(() => expect(asked.filter((text) => text === 'pi').length).toBe(2), slow);
    const waited = performance.now() - started;
    await screen.findByText('1 product', undefined, slow);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    observer.disconnect();
    expect(shown, 'a failure shown on screen').toEqual([]);
    expect(waited, 'the text typed again waited for a retry').toBeLessThan(300);
    expect(asked.filter((text) => text === 'pi').length, 'the replaced search asked again only when shown again').toBe(2);
  });
});
