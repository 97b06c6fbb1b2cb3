import type { Supplier } from '../../../shared/schemas';
import type { OfflineChoice } from '../../../shared/bridge/offline-choice';
import { failWith, succeed, type Outcome } from '../../core/failure';
import { unknownSuppliers, type OfflineChoiceService } from '../../core/offline/offline-choice-service';
import type { HandlerGroup } from '../handler-types';

export interface OfflineChoiceHandlerDeps {
  choices: Pick<OfflineChoiceService, 'view' | 'set'>;
  /** The service's suppliers as the offline copy holds them (null: never synced), or the copy's refusal. */
  suppliers(): Promise<Outcome<Supplier[] | null>>;
  online(): boolean;
  /** Starts a sync unless one runs; false when it could not start. */
  syncNow(): boolean;
}

const NO_SERVICE = 'Connect to a service first: what the offline copy keeps is chosen per service.';

/** Settings → what to keep offline: all of the catalog or chosen suppliers, with each one's estimated size. */
export function createOfflineChoiceHandlers(deps: OfflineChoiceHandlerDeps) {
  return {
    async getOfflineChoice() {
      const view = await deps.choices.view();
      return view ? succeed(view) : failWith('not_configured', NO_SERVICE);
    },
    async setOfflineChoice({ choice }) {
      const chosen: OfflineChoice = choice.keep === 'all' ? choice : { keep: 'suppliers', supplierIds: [...new Set(choice.supplierIds)] };
      const known = await deps.suppliers();
      if (!known.ok) return known;
      const unknown = unknownSuppliers(chosen, known.data ?? []);
      if (unknown.length > 0) {
        const fields = unknown.slice(0, 20).map(({ index, id }) => ({ pointer: `/choice/supplierIds/${index}`, detail: `${id} is not a supplier of this service` }));
        const named = unknown.length === 1 ? `${unknown[0]!.id} is not a supplier of this service` : `${unknown.length} of the chosen suppliers are not suppliers of this service`;
        return failWith('invalid_input', `${named} (or the supplier list has not been synced yet). Nothing was changed.`, false, fields);
      }
      const change = await deps.choices.set(chosen);
      if (!change) return failWith('not_configured', NO_SERVICE);
      // Suppliers added: their products come with the next sync, started now when the service can be reached.
      const syncStarted = change.widened && deps.online() ? deps.syncNow() : false;
      return succeed({ ...change.view, freedBytes: change.freedBytes, syncStarted });
    },
  } satisfies HandlerGroup<'getOfflineChoice' | 'setOfflineChoice'>;
}
