import { NAV_ITEMS } from './routes';

/** Listed in the help dialog; `useShortcuts` implements the global ones. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: '/ or Ctrl+K', action: 'Search the catalog' },
  { keys: 'Alt+B', action: 'Focus the barcode field (a scanner types the code and Enter)' },
  ...NAV_ITEMS.map((item, index) => ({ keys: `Alt+${index + 1}`, action: `Go to ${item.label}` })),
  { keys: 'Enter', action: 'In a catalog row: open the product. In a quantity field: add to cart' },
  { keys: 'Arrow keys, Home, End', action: 'In the catalog: from the search box to the results, and from result to result' },
  { keys: 'A', action: 'In a catalog row: add the minimum quantity to the cart' },
  { keys: 'Ctrl+Enter', action: 'In the cart: place the orders' },
  { keys: 'Ctrl+Shift+A', action: 'Switch buyer account (Cmd+Shift+A on a Mac)' },
  { keys: '?', action: 'Show these shortcuts' },
];

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
