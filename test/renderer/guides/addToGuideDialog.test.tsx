import * as Dialog from '@radix-ui/react-dialog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

// Counted: every dialog root rendered.
vi.mock('@radix-ui/react-dialog', async (importOriginal) => {
  const actual = await importOriginal<typeof Dialog>();
  return { ...actual, Root: vi.fn(actual.Root) };
});

const slow = { timeout: 5000 };

describe('Add to guide on a catalog card', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('renders no dialog until pressed, opens it from the keyboard, and puts the focus back on its button when closed', async () => {
    renderApp(createFakeBridge().bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const cards = await screen.findByRole('list', { name: 'Products' }, slow);
    expect(within(cards).getAllByRole('button', { name: /^Add to guide: / })).toHaveLength(4);
    // The screen's other dialogs (the help) are not rendered by a keystroke's results; a card's are.
    const roots = vi.mocked(Dialog.Root);
    const before = roots.mock.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pinot' } });
    await screen.findByText(/^1 product/, undefined, slow);
    expect(roots.mock.calls.length - before, "dialog roots rendered for a keystroke's results").toBe(0);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: '' } });
    await screen.findByText('4 products', undefined, slow);

    const button = within(cards).getAllByRole('button', { name: /^Add to guide: / })[1]!;
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    // A button pressed from the keyboard is clicked by the browser.
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Add to an order guide' }, slow);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), slow);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    await waitFor(() => expect(document.activeElement).toBe(button), slow);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
