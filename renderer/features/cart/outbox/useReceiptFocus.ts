import { useEffect } from 'react';
import { usePlacedStore } from '../placedStore';

export const receiptElementId = (entryId: string) => `receipt-item-${entryId}`;
export const ORDERS_ON_THEIR_WAY_ID = 'outbox-title';

/** Focus that nobody placed: on the page itself, or on the orders on their way while they are sent. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.id === ORDERS_ON_THEIR_WAY_ID;
}

/**
 * After placing, focus goes to what became of the order, not to the page's body (the button that
 * had it leaves with the cart): to its receipt once the service confirmed it, to the orders on
 * their way until then. It never takes the focus from where the buyer has moved it meanwhile.
 */
export function useReceiptFocus(justPlacedReceipt: string | null): void {
  const focusPending = usePlacedStore((state) => state.focusPending);
  useEffect(() => {
    if (!focusPending) return;
    if (!focusIsFree()) {
      usePlacedStore.getState().focusDone();
      return;
    }
    const receipt = justPlacedReceipt ? document.getElementById(receiptElementId(justPlacedReceipt)) : null;
    if (receipt) {
      receipt.focus();
      usePlacedStore.getState().focusDone();
      return;
    }
    document.getElementById(ORDERS_ON_THEIR_WAY_ID)?.focus();
  });
}
