/**
 * The main process's handle on what the offline copy carries (offline-choice.ts, run in the
 * offline worker): each call is one message to the worker for the service in use.
 */
import type { Supplier } from '../../../shared';
import { keepsSupplier, type OfflineChoice, type OfflineChoiceView, type SearchCoverage } from '../../../shared/bridge/offline-choice';
import { REMOVAL_BATCH } from './offline-choice';
import type { OfflineDatabase } from './offline-database';

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

/** What changing the choice did. */
export interface ChoiceChange {
  view: OfflineChoiceView;
  /** Products removed from the offline copy (their suppliers were left out). */
  removed: number;
  /** The database's used bytes before less after: given back to the disk when `vacuumed`, else reused by later writes. */
  freedBytes: number;
  vacuumed: boolean;
  /** A supplier was added: the next sync reads the catalog again in full. */
  widened: boolean;
}

export type OfflineChoiceService = ReturnType<typeof createOfflineChoiceService>;

export function createOfflineChoiceService(database: OfflineDatabase, baseUrl: () => string | null) {
  /** The removal running for each service (one at a time; a second caller waits for it). */
  const removals = new Map<string, Promise<{ removed: number; freedBytes: number; vacuumed: boolean }>>();
  /** Services whose database was asked whether a removal was cut short (by a restart). */
  const resumeChecked = new Set<string>();

  /** Removes the products of suppliers left out, in batches (searches are answered between them). */
  function removeLeftOut(service: string) {
    const running = removals.get(service);
    if (running) return running;
    const run = (async () => {
      let removed = 0;
      let after = 0;
      for (;;) {
        const step = await database.service(service, 'removeLeftOut', after, REMOVAL_BATCH);
        removed += step.removed;
        after = step.lastPos;
        if (step.done) break;
      }
      return { removed, ...(await database.service(service, 'finishChoiceRemoval')) };
    })().finally(() => removals.delete(service));
    removals.set(service, run);
    return run;
  }

  return {
    /** The choice and each supplier's estimated size; null when no service is connected. */
    async view(): Promise<OfflineChoiceView | null> {
      const service = baseUrl();
      return service ? database.service(service, 'offlineChoiceView') : null;
    },
    /** Saves the choice and applies it to the stored copy (the caller checked its suppliers). */
    async set(choice: OfflineChoice): Promise<ChoiceChange | null> {
      const service = baseUrl();
      if (!service) return null;
      // A removal under way finishes first: the next one then starts from a known state.
      await removals.get(service)?.catch(() => undefined);
      const saved = await database.service(service, 'setOfflineChoice', choice);
      const removal = saved.removing ? await removeLeftOut(service) : { removed: 0, freedBytes: 0, vacuumed: false };
      return { view: await database.service(service, 'offlineChoiceView'), ...removal, widened: saved.widened };
    },
    /**
     * Runs `clear` (Settings → Clear offline copy deletes the databases, the choice with them) and
     * saves the choice again after it, so clearing the copy does not widen what it carries.
     */
    async keptThrough<T>(clear: () => Promise<T>): Promise<T> {
      const service = baseUrl();
      const choice = service ? await database.service(service, 'offlineChoice').catch(() => null) : null;
      const result = await clear();
      if (service && choice && choice.keep !== 'all') await database.service(service, 'setOfflineChoice', choice);
      return result;
    },
    /** Whether the offline copy keeps this supplier's products (true when no service is in use: nothing to say). */
    async keeps(supplierId: string): Promise<boolean> {
      const service = baseUrl();
      if (!service) return true;
      const choice = await database.answer(service, 'offlineChoice');
      if (choice.ok) return keepsSupplier(choice.value, supplierId);
      if (choice.code === 'unavailable') return true;
      // Not expected of a read (a damaged copy is set aside and the next call answers): the dispatcher says this one went wrong.
      throw new Error(choice.message);
    },
    /**
     * What searches cover; null when the whole catalog is kept, or the copy cannot be read. Its
     * requests are sent at once, with the search that asks for it: a start's first browse is
     * answered from its saved answer and the worker then reads the search index (about 2 s at a
     * million products), so a request sent only after an answer waited for that read, and so did
     * the first painted page.
     */
    async coverage(): Promise<SearchCoverage | null> {
      const service = baseUrl();
      if (!service) return null;
      // A removal cut short by a restart goes on in the background (the first search after it asks).
      const checkResume = !resumeChecked.has(service);
      resumeChecked.add(service);
      const [pending, coverage] = await Promise.all([checkResume ? database.answer(service, 'choiceRemovalPending') : null, database.answer(service, 'searchCoverage')]);
      if (pending?.ok && pending.value) void removeLeftOut(service).catch(() => undefined);
      else if (pending && !pending.ok && pending.code !== 'unavailable') throw new Error(pending.message);
      if (coverage.ok) return coverage.value;
      if (coverage.code === 'unavailable') return null;
      throw new Error(coverage.message);
    },
  };
}
