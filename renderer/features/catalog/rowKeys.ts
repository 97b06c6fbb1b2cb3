import type { KeyboardEvent } from 'react';
import { isEditableTarget } from '../../app/shortcuts';

/** `a` anywhere in a product row adds it at its minimum, unless the focus is in a text field. */
export function onProductRowKeyDown(event: KeyboardEvent, add: () => void): void {
  if (event.ctrlKey || event.metaKey || event.altKey || isEditableTarget(event.target)) return;
  if (event.key === 'a' || event.key === 'A') {
    event.preventDefault();
    add();
  }
}
