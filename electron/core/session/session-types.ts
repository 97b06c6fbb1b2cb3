import type { Account } from '../../../shared/schemas';
import type { BridgeError } from '../../../shared/bridge/result';
import type { ServiceStart } from '../connection/embedded-service';

/** The embedded demo service, running in its own process. */
export interface EmbeddedServiceHandle {
  baseUrl: string;
  /** The key of the first demo buyer. */
  apiKey: string;
  /** Every demo buyer and its key (a second demo buyer can be added as another account). */
  buyers?: DemoBuyerKey[];
  stop(): Promise<void>;
}

/** Starting the demo service: its handle, or why it could not start (another process holding its folder, or anything else). */
export type DemoStart = ServiceStart<EmbeddedServiceHandle>;

/** One buyer of the demo marketplace and its key. */
export interface DemoBuyerKey {
  accountId: string;
  apiKey: string;
  name?: string;
}

export type VerifyOutcome = { ok: true; account: Account } | { ok: false; error: BridgeError };

/** Who we talk to and as whom; the key stays in here and in the vault, never in a SessionInfo. */
export interface Connection {
  /** The buyer account (`BuyerAccountEntry.id`) this connection signs in as. */
  id: string;
  mode: 'demo' | 'custom';
  baseUrl: string;
  account: { id: string; name: string } | null;
}
