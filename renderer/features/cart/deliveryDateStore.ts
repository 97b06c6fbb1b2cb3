import { create } from 'zustand';
import type { DeliveryOption } from '../../../shared/delivery-days';

/**
 * The delivery date the buyer chose per supplier in the cart (issue 26), with the order cutoff the
 * cart showed for it: client state, kept while the app runs. No entry: no date asked for.
 */
/** A chosen date, its cutoff, and the ship-to state it was chosen for (another state has other days). */
export interface ChosenDelivery extends DeliveryOption {
  state: string;
}

interface DeliveryDateState {
  chosen: Record<string, ChosenDelivery>;
  choose(supplierId: string, option: ChosenDelivery | null): void;
  /** Forgets the choices of orders just handed to the outbox. */
  forget(supplierIds: readonly string[]): void;
}

export const useDeliveryDateStore = create<DeliveryDateState>()((set) => ({
  chosen: {},
  choose: (supplierId, option) =>
    set((state) => {
      const { [supplierId]: _previous, ...others } = state.chosen;
      return { chosen: option ? { ...others, [supplierId]: option } : others };
    }),
  forget: (supplierIds) => set((state) => ({ chosen: Object.fromEntries(Object.entries(state.chosen).filter(([id]) => !supplierIds.includes(id))) })),
}));
