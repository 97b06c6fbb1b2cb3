/**
 * Why one of an account's own stores on this computer (the address book, favourites, order guides)
 * refused a change: one shape for all of them, turned into the bridge's error in one place
 * (`storeOutcome`, electron/bridge/bridge-failure.ts). `pointer` names the field at fault (`/label`).
 */
export type StoreRefusal = { code: 'not_found' | 'duplicate' | 'full'; message: string; pointer?: string };

export type StoreResult<T> = { ok: true; value: T } | { ok: false; refusal: StoreRefusal };
