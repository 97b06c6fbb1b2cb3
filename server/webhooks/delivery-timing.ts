/**
 * The timing of webhook sends and of the claims on them, defined once for the dispatcher, the
 * test event and the CLI's checks (this file imports nothing, so `--help` stays quick).
 */

/** A send waits this long for the receiver's answer, connecting included. */
export const DEFAULT_SEND_TIMEOUT_MS = 10_000;

/**
 * How long a claim on a delivery holds by default: twice the longest send, and 5 s more. Past it,
 * another instance takes the delivery over (the claiming instance died mid-send).
 */
export const defaultLeaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

/**
 * The shortest lease allowed: longer than the longest send, or a slow receiver that answers just
 * before the timeout would be sent the same delivery a second time by another instance.
 */
export const leaseIsLongEnough = (leaseMs: number, timeoutMs: number): boolean => leaseMs > timeoutMs;

/** How often an instance looks for due deliveries when nothing wakes it: the retry base, at most 5 s. */
export const defaultPollIntervalMs = (retryBaseMs: number): number => Math.min(retryBaseMs, 5_000);

/** Deliveries each instance sends at once. */
export const DEFAULT_SEND_SLOTS = 8;

/**
 * An account's fair share of an instance's send slots: a quarter (2 of 8). One account's slow
 * receivers hold at most this many, so the other slots stay free for everyone else; it takes
 * slots / share (4) accounts with slow receivers at once before another account waits, and then
 * for at most one send timeout.
 */
export const defaultSlotsPerAccount = (slots: number): number => Math.max(1, Math.floor(slots / 4));
