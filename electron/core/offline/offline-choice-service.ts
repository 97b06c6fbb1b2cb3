/**
 * The main process's handle on what the offline copy carries (offline-choice.ts, run in the
 * offline worker): each call is one message to the worker for the service in use.
 */
import type { Supplier } from '../../../shared';
import { keepsSupplier, type OfflineChoice, type OfflineChoiceView, type SearchCoverage } from '../../../shared/bridge/offline-choice';
import type { ChoiceChange } from './offline-choice-ops';
import { offlineFailureCode, type OfflineDatabase } from './offline-database';

/** Suppliers a choice names that the service does not list (by their place in the choice). */
export function unknownSuppliers(choice: OfflineChoice, suppliers: readonly Pick<Supplier, 'id'>[]): { index: number; id: string }[] {
  if (choice.keep === 'all') return [];
  const known = new Set(suppliers.map((supplier) => supplier.id));
  return choice.supplierIds.flatMap((id, index) => (known.has(id) ? [] : [{ index, id }]));
}

/** Said offline of a product the offline copy does not hold while only chosen suppliers are kept. */
export const PRODUCT_NOT_CARRIED =
  'This wine is not carried offline: only the suppliers chosen in Settings → What to keep offline are. Its page can be read when the service can be reached.';
/** Said offline of a supplier whose products the offline copy does not keep. */
export const SUPPLIER_NOT_CARRIED =
  "This supplier's wines are not carried offline (Settings → What to keep offline). They can be browsed when the service can be reached.";

export type OfflineChoiceService = ReturnType<typeof createOfflineChoiceService>;

export function createOfflineChoiceService(database: OfflineDatabase, baseUrl: () => string | null) {
  return {
    /** The choice and each supplier's estimated size; null when no service is connected. */
    async view(): Promise<OfflineChoiceView | null> {
      const service = baseUrl();
      return service ? database.service(service, 'offlineChoiceView') : null;
    },
    /** Saves the choice and applies it to the stored copy (the caller checked its suppliers). */
    async set(choice: OfflineChoice): Promise<ChoiceChange | null> {
      const service = baseUrl();
      return service ? database.service(service, 'setOfflineChoice', choice) : null;
    },
    /** Whether the offline copy keeps this supplier's products (true when no service is in use: nothing to say). */
    async keeps(supplierId: string): Promise<boolean> {
      const service = baseUrl();
      if (!service) return true;
      try {
        return keepsSupplier(await database.service(service, 'offlineChoice'), supplierId);
      } catch (error) {
        if (offlineFailureCode(error) === 'unavailable') return true;
        throw error;
      }
    },
    /** What searches cover; null when the whole catalog is kept, or the copy cannot be read. */
    async coverage(): Promise<SearchCoverage | null> {
      const service = baseUrl();
      if (!service) return null;
      try {
        return await database.service(service, 'searchCoverage');
      } catch (error) {
        if (offlineFailureCode(error) === 'unavailable') return null;
        throw error;
      }
    },
  };
}
