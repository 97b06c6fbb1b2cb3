import type { BridgeMethod, BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract';
import type { Outcome } from '../core/failure';

/**
 * A handler receives input already parsed by the contract's schema and answers the method's data
 * or an expected failure (offline, not found, rejected) as a value, an `Outcome`; the dispatcher
 * maps it once (`bridgeErrorOf`). Anything thrown was not expected: it becomes an `internal` error
 * without details, and goes to the log.
 */
export type BridgeHandler<M extends BridgeMethod> = (input: BridgeParsedInput<M>) => Promise<Outcome<BridgeOutput<M>>>;

/** Every contract method, handled. */
export type BridgeHandlers = { [M in BridgeMethod]: BridgeHandler<M> };

/** One domain's slice of the table: exactly the named methods, no others. */
export type HandlerGroup<M extends BridgeMethod> = Pick<BridgeHandlers, M>;
