/**
 * The main process's handle on what the offline copy carries (offline-choice.ts, run in the
 * offline worker): each call is one message to the worker for the service in use.
 */
import type { Supplier } from '../../../shared';
import type { OfflineChoice, OfflineChoiceView, SearchCoverage } from '../../../shared/bridge/offline-choice';
import type { ChoiceChange } from './offline-choice-ops';
import { offlineFailureCode, type OfflineDatabase } from './offline-database';

/** Suppliers a choice names that the service does not list (by their place in the choice). */
export function unknownSuppliers(choice: OfflineChoice, suppliers: readonly Pick<Supplier, 'id'>[]): { index: number; id: string }[] {
  if (choice.keep === 'all') return [];
  const known = new Set(suppliers.map((supplier) => supplier.id));
  return choice.supplierIds.flatMap((id, index) => (known.has(id) ? [] : [{ index, id }]));
}

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
