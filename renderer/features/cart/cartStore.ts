import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ShippingAddress } from '../../../shared/schemas';
import type { CartProduct } from './cartProduct';

export type { CartProduct } from './cartProduct';
import { checkQuantity, type QuantityCheck } from '../../lib/quantityRules';

/** Whether a product as read now differs from what the cart keeps of it. */
const sameProduct = (line: CartProduct, product: CartProduct) =>
  (Object.keys(product) as (keyof CartProduct)[]).every((key) =>
    key === 'deals' ? JSON.stringify(line.deals) === JSON.stringify(product.deals) : line[key] === product[key],
  );

export interface CartLine extends CartProduct {
  quantity: number;
  /** The case price when the line was first added, to point out a change before ordering. */
  priceWhenAddedCents: number;
}

export interface CartState {
  lines: CartLine[];
  /** Buyer notes per supplier: each supplier's group becomes its own order. */
  notes: Record<string, string>;
  /** The ship-to address the buyer chose; null means "use the account's address". */
  shipTo: ShippingAddress | null;
  /** Which address orders go to when no one-off is typed: a saved address's id, 'account', or null for the address book's default. */
  shipToChoice: string | null;
  /** Whether the one-off address is to be saved (under this label) when the orders are placed. Not persisted. */
  saveShipTo: { save: boolean; label: string };
  /** Quantities typed but not accepted, per product; they block placing until fixed. Not persisted. */
  drafts: Record<string, string>;
  add(product: CartProduct, quantity: number): QuantityCheck;
  /** Adds several products in one change (a pasted order): all of them, or none when one fails its quantity check (which is named). */
  addMany(items: readonly { product: CartProduct; quantity: number }[]): { ok: true } | { ok: false; productId: string; message: string };
  /** Applies a typed quantity when valid; otherwise keeps it as a draft that blocks placing. */
  setQuantity(productId: string, quantity: number | string): QuantityCheck;
  /** Refreshes price, stock and minimum from newer data without touching the quantity. */
  refreshProduct(product: CartProduct): void;
  remove(productId: string): void;
  removeSuppliers(supplierIds: readonly string[]): void;
  /**
   * The orders of these suppliers are in the outbox: their lines and notes leave the cart, and a
   * one-off ship-to address was for those orders only, so the account's address is the default again.
   */
  ordersPlaced(supplierIds: readonly string[]): void;
  setNotes(supplierId: string, notes: string): void;
  setShipTo(address: ShippingAddress | null): void;
  /** Chooses the account's address ('account') or a saved one (its id); leaves a one-off address. */
  chooseShipTo(choice: string | null): void;
  setSaveShipTo(save: { save: boolean; label: string }): void;
  clear(): void;
}

export const CART_STORAGE_KEY = 'caseworks-cart';

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

const limitsOf = (product: CartProduct) => ({ minimum: product.minimumOrder, stock: product.inventoryAvailable });

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      lines: [],
      notes: {},
      shipTo: null,
      shipToChoice: null,
      saveShipTo: { save: false, label: '' },
      drafts: {},
      add(product, quantity) {
        const existing = get().lines.find((line) => line.productId === product.productId);
        const check = checkQuantity((existing?.quantity ?? 0) + quantity, limitsOf(product));
        if (!check.ok) {
          return existing
            ? { ok: false, message: `${check.message} You already have ${existing.quantity} in the cart.` }
            : check;
        }
        set((state) => ({
          lines: existing
            ? state.lines.map((line) => (line.productId === product.productId ? { ...line, ...product, quantity: check.value } : line))
            : [...state.lines, { ...product, quantity: check.value, priceWhenAddedCents: product.casePriceCents }],
        }));
        return check;
      },
      addMany(items) {
        let lines = get().lines;
        for (const { product, quantity } of items) {
          const existing = lines.find((line) => line.productId === product.productId);
          const check = checkQuantity((existing?.quantity ?? 0) + quantity, limitsOf(product));
          if (!check.ok) return { ok: false, productId: product.productId, message: check.message };
          lines = existing
            ? lines.map((line) => (line.productId === product.productId ? { ...line, ...product, quantity: check.value } : line))
            : [...lines, { ...product, quantity: check.value, priceWhenAddedCents: product.casePriceCents }];
        }
        set({ lines });
        return { ok: true };
      },
      setQuantity(productId, quantity) {
        const line = get().lines.find((candidate) => candidate.productId === productId);
        if (!line) return { ok: false, message: 'That product is no longer in the cart.' };
        const check = checkQuantity(quantity, limitsOf(line));
        set((state) => ({
          lines: check.ok
            ? state.lines.map((candidate) => (candidate.productId === productId ? { ...candidate, quantity: check.value } : candidate))
            : state.lines,
          drafts: check.ok ? withoutKey(state.drafts, productId) : { ...state.drafts, [productId]: String(quantity) },
        }));
        return check;
      },
      refreshProduct(product) {
        const line = get().lines.find((candidate) => candidate.productId === product.productId);
        if (!line || sameProduct(line, product)) return;
        set((state) => ({
          lines: state.lines.map((candidate) => (candidate.productId === product.productId ? { ...candidate, ...product } : candidate)),
        }));
      },
      remove(productId) {
        set((state) => ({ lines: state.lines.filter((line) => line.productId !== productId), drafts: withoutKey(state.drafts, productId) }));
      },
      removeSuppliers(supplierIds) {
        const gone = new Set(supplierIds);
        set((state) => ({
          lines: state.lines.filter((line) => !gone.has(line.supplierId)),
          notes: Object.fromEntries(Object.entries(state.notes).filter(([supplierId]) => !gone.has(supplierId))),
        }));
      },
      ordersPlaced(supplierIds) {
        get().removeSuppliers(supplierIds);
        set({ shipTo: null, saveShipTo: { save: false, label: '' } });
      },
      setNotes(supplierId, notes) {
        set((state) => ({ notes: { ...state.notes, [supplierId]: notes } }));
      },
      setShipTo(address) {
        set({ shipTo: address });
      },
      chooseShipTo(choice) {
        set({ shipTo: null, shipToChoice: choice, saveShipTo: { save: false, label: '' } });
      },
      setSaveShipTo(save) {
        set({ saveShipTo: save });
      },
      clear() {
        set({ lines: [], notes: {}, drafts: {} });
      },
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ lines: state.lines, notes: state.notes, shipTo: state.shipTo, shipToChoice: state.shipToChoice }),
    },
  ),
);

/** Each buyer account's cart is kept under its own storage key. */
export const cartStorageKeyOf = (buyerAccountId: string) => `${CART_STORAGE_KEY}:${buyerAccountId}`;

let boundAccount: string | null = null;

/**
 * Shows and keeps the cart of this buyer account: the one it had, or an empty one. The cart of
 * before several accounts (kept under `CART_STORAGE_KEY`) becomes the first account's, so an
 * existing buyer keeps it. What is typed but not accepted belongs to the cart it was typed in.
 */
export function bindCartToAccount(buyerAccountId: string): void {
  if (boundAccount === buyerAccountId) return;
  const key = cartStorageKeyOf(buyerAccountId);
  // Still written under the previous key: the same cart it already holds.
  useCartStore.setState({ drafts: {}, saveShipTo: { save: false, label: '' } });
  const legacy = localStorage.getItem(CART_STORAGE_KEY);
  if (boundAccount === null && legacy !== null) {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, legacy);
    localStorage.removeItem(CART_STORAGE_KEY);
  }
  boundAccount = buyerAccountId;
  useCartStore.persist.setOptions({ name: key });
  if (localStorage.getItem(key) === null) useCartStore.setState({ lines: [], notes: {}, shipTo: null, shipToChoice: null });
  else void useCartStore.persist.rehydrate();
}

/** Forgets which account the cart shows, back to the storage of before (a fresh start of the page, in tests). */
export function unbindCart(): void {
  boundAccount = null;
  useCartStore.persist.setOptions({ name: CART_STORAGE_KEY });
}

export const selectCartCount = (state: CartState) => state.lines.reduce((sum, line) => sum + line.quantity, 0);
