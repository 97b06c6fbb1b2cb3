import type { BridgeMethod, BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract';

/**
 * A handler receives input already parsed by the contract's schema and returns the method's data.
 * Expected failures (offline, not found, rejected) are thrown as the core's `CoreFailure` or the
 * bridge's own `BridgeFailure`; `bridgeErrorOf` maps both; anything else thrown becomes an
 * `internal` error without details.
 */
export type BridgeHandler<M extends BridgeMethod> = (input: BridgeParsedInput<M>) => Promise<BridgeOutput<M>>;

/** Every contract method, handled. */
export type BridgeHandlers = { [M in BridgeMethod]: BridgeHandler<M> };

/** One domain's slice of the table: exactly the named methods, no others. */
export type HandlerGroup<M extends BridgeMethod> = Pick<BridgeHandlers, M>;
