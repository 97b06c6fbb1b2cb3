import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { OrderUnit, type ShippingAddress } from '../../../shared/schemas';
import type { CartProduct } from './cartProduct';
import type { CartBackup } from './cartBackup';
import { keptDeliveryDates, type ChosenDelivery } from './chosenDelivery';

export type { CartProduct } from './cartProduct';
import type { QuantityCheck } from '../../lib/quantityRules';
import { cartLineKey, checkLineQuantity, unitOf } from './cartQuantities';

/** Whether a product as read now differs from what the cart keeps of it. */
const sameProduct = (line: CartProduct, product: CartProduct) =>
  (Object.keys(product) as (keyof CartProduct)[]).every((key) =>
    key === 'deals' || key === 'splitCase' ? JSON.stringify(line[key]) === JSON.stringify(product[key]) : line[key] === product[key],
  );

export interface CartLine extends CartProduct {
  quantity: number;
  /** The case price (the bottle price on a line of bottles) when the line was first added, to point out a change before ordering. */
  priceWhenAddedCents: number;
  /**
   * `bottle`: a line of bottles of a split case (issue 26), its quantity counting bottles; absent (a
   * line of cases, as every line kept from before) or `case`. A product has at most one line of each.
   */
  unit?: OrderUnit;
  /** Issue 26: the wine the service sends instead when it cannot fill this line; absent: none. */
  backup?: CartBackup;
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
  /**
   * The delivery date chosen per supplier (issue 26), with its cutoff and the ship-to state it was
   * chosen for; kept with the cart, so a restart keeps it. No entry: no date asked for.
   */
  deliveryDates: Record<string, ChosenDelivery>;
  /** Quantities typed but not accepted, per line (`cartLineKey`: the product id for a line of cases); they block placing until fixed. Not persisted. */
  drafts: Record<string, string>;
  /** Adds cases (by default) or bottles of a split case to the product's line of that unit. */
  add(product: CartProduct, quantity: number, unit?: OrderUnit): QuantityCheck;
  /** Adds several products' cases in one change (a pasted order): all of them, or none when one fails its quantity check (which is named). */
  addMany(items: readonly { product: CartProduct; quantity: number }[]): { ok: true } | { ok: false; productId: string; message: string };
  /** Applies a typed quantity when valid; otherwise keeps it as a draft that blocks placing. `key`: `cartLineKey` (the product id for a line of cases). */
  setQuantity(key: string, quantity: number | string): QuantityCheck;
  /** Refreshes price, stock and minimum from newer data without touching the quantity (on both lines of the product). */
  refreshProduct(product: CartProduct): void;
  /** Removes one line (`cartLineKey`: the product id for a line of cases). */
  remove(key: string): void;
  /** Names the backup of the product's line of cases, or none (null). */
  setBackup(productId: string, backup: CartBackup | null): void;
  /** Chooses the supplier's delivery date, or none (null). */
  chooseDelivery(supplierId: string, option: ChosenDelivery | null): void;
  removeSuppliers(supplierIds: readonly string[]): void;
  /**
   * The orders of these suppliers are in the outbox: their lines, notes and delivery dates leave the cart, and a
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

/** The accepted quantity of the product's other line than `unit` (0 when there is none). */
const otherLineOf = (lines: readonly CartLine[], productId: string, unit: OrderUnit) =>
  lines.find((line) => line.productId === productId && unitOf(line) !== unit)?.quantity ?? 0;

/** Version 2 keeps a line's unit (`unit` bottle); a cart of version 1 holds lines of cases only and is read as it is. */
export const CART_STORAGE_VERSION = 2;

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      lines: [],
      notes: {},
      shipTo: null,
      shipToChoice: null,
      saveShipTo: { save: false, label: '' },
      deliveryDates: {},
      drafts: {},
      add(product, quantity, unit = 'case') {
        const key = cartLineKey({ productId: product.productId, unit });
        const existing = get().lines.find((line) => cartLineKey(line) === key);
        const check = checkLineQuantity((existing?.quantity ?? 0) + quantity, unit, product, otherLineOf(get().lines, product.productId, unit));
        if (!check.ok) {
          return existing
            ? { ok: false, message: `${check.message} You already have ${existing.quantity} in the cart.` }
            : check;
        }
        const added: CartLine = {
          ...product,
          quantity: check.value,
          priceWhenAddedCents: unit === 'bottle' ? product.bottlePriceCents : product.casePriceCents,
          ...(unit === 'bottle' ? { unit } : {}),
        };
        set((state) => ({
          lines: existing
            ? state.lines.map((line) => (cartLineKey(line) === key ? { ...line, ...product, quantity: check.value } : line.productId === product.productId ? { ...line, ...product } : line))
            : [...state.lines.map((line) => (line.productId === product.productId ? { ...line, ...product } : line)), added],
        }));
        return check;
      },
      addMany(items) {
        let lines = get().lines;
        for (const { product, quantity } of items) {
          // Cases, on the product's line of cases, checked beside its line of bottles as `add` does.
          const existing = lines.find((line) => line.productId === product.productId && unitOf(line) === 'case');
          const check = checkLineQuantity((existing?.quantity ?? 0) + quantity, 'case', product, otherLineOf(lines, product.productId, 'case'));
          if (!check.ok) return { ok: false, productId: product.productId, message: check.message };
          lines = existing
            ? lines.map((line) => (line === existing ? { ...line, ...product, quantity: check.value } : line.productId === product.productId ? { ...line, ...product } : line))
            : [...lines.map((line) => (line.productId === product.productId ? { ...line, ...product } : line)), { ...product, quantity: check.value, priceWhenAddedCents: product.casePriceCents }];
        }
        set({ lines });
        return { ok: true };
      },
      setQuantity(key, quantity) {
        const line = get().lines.find((candidate) => cartLineKey(candidate) === key);
        if (!line) return { ok: false, message: 'That product is no longer in the cart.' };
        const check = checkLineQuantity(quantity, unitOf(line), line, otherLineOf(get().lines, line.productId, unitOf(line)));
        set((state) => ({
          lines: check.ok
            ? state.lines.map((candidate) => (cartLineKey(candidate) === key ? { ...candidate, quantity: check.value } : candidate))
            : state.lines,
          drafts: check.ok ? withoutKey(state.drafts, key) : { ...state.drafts, [key]: String(quantity) },
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
      remove(key) {
        set((state) => ({ lines: state.lines.filter((line) => cartLineKey(line) !== key), drafts: withoutKey(state.drafts, key) }));
      },
      setBackup(productId, backup) {
        set((state) => ({
          lines: state.lines.map((line) => {
            if (line.productId !== productId || unitOf(line) === 'bottle') return line;
            const { backup: _previous, ...rest } = line;
            return backup ? { ...rest, backup } : rest;
          }),
        }));
      },
      removeSuppliers(supplierIds) {
        const gone = new Set(supplierIds);
        set((state) => ({
          lines: state.lines.filter((line) => !gone.has(line.supplierId)),
          notes: Object.fromEntries(Object.entries(state.notes).filter(([supplierId]) => !gone.has(supplierId))),
          deliveryDates: Object.fromEntries(Object.entries(state.deliveryDates).filter(([supplierId]) => !gone.has(supplierId))),
        }));
      },
      chooseDelivery(supplierId, option) {
        set((state) => {
          const { [supplierId]: _previous, ...others } = state.deliveryDates;
          return { deliveryDates: option ? { ...others, [supplierId]: option } : others };
        });
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
        set({ lines: [], notes: {}, deliveryDates: {}, drafts: {} });
      },
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      // Version 1 had no units: its lines are lines of cases, read unchanged.
      migrate: (persisted, version) => (version <= CART_STORAGE_VERSION ? persisted : {}) as CartState,
      // A line whose unit is not one the contract knows (a damaged file) is left out, never ordered as cases.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<CartState>;
        const lines = Array.isArray(stored.lines) ? stored.lines.filter((line) => line.unit === undefined || OrderUnit.safeParse(line.unit).success) : current.lines;
        // A delivery date not in the shape the cart writes (a damaged file) is left out: the buyer chooses again.
        return { ...current, ...stored, lines, deliveryDates: keptDeliveryDates(stored.deliveryDates) };
      },
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ lines: state.lines, notes: state.notes, shipTo: state.shipTo, shipToChoice: state.shipToChoice, deliveryDates: state.deliveryDates }),
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
  if (localStorage.getItem(key) === null) useCartStore.setState({ lines: [], notes: {}, shipTo: null, shipToChoice: null, deliveryDates: {} });
  else void useCartStore.persist.rehydrate();
}

/** Forgets which account the cart shows, back to the storage of before (a fresh start of the page, in tests). */
export function unbindCart(): void {
  boundAccount = null;
  useCartStore.persist.setOptions({ name: CART_STORAGE_KEY });
}

/** Cases in the cart (lines of bottles apart: `selectCartBottles`). */
export const selectCartCount = (state: CartState) => state.lines.reduce((sum, line) => sum + (unitOf(line) === 'bottle' ? 0 : line.quantity), 0);
/** Bottles of split cases in the cart. */
export const selectCartBottles = (state: CartState) => state.lines.reduce((sum, line) => sum + (unitOf(line) === 'bottle' ? line.quantity : 0), 0);
