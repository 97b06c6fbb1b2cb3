import pg from 'pg';
import { DatabaseUnavailableError } from './unavailable';

type Callback = (error: unknown, ...results: unknown[]) => void;
type AnyMethod = (this: unknown, ...args: unknown[]) => unknown;

/**
 * An error the driver raised without an answer from the server (a lost connection, a read or
 * connect timeout, a client left unusable by either) becomes a DatabaseUnavailableError. The
 * server's own errors (`pg.DatabaseError`, classified by SQLSTATE) and argument errors pass as
 * they are. Decided by the error's class, never by its message.
 */
function guard(error: unknown): unknown {
  if (error instanceof pg.DatabaseError || error instanceof TypeError || error instanceof DatabaseUnavailableError) return error;
  return new DatabaseUnavailableError(error);
}

/** Wraps a node-style method that takes a trailing callback or returns a promise. */
function guarded(method: AnyMethod): AnyMethod {
  return function (this: unknown, ...args: unknown[]) {
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as Callback;
      args[args.length - 1] = (error: unknown, ...results: unknown[]) => callback(error ? guard(error) : error, ...results);
      return method.apply(this, args);
    }
    const result = method.apply(this, args);
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw guard(error);
      });
    }
    return result;
  };
}

/**
 * A pg client whose connection-level failures are DatabaseUnavailableErrors. A connection lost
 * while the client is checked out (mid-transaction) is reported to the query that was waiting;
 * the client's own 'error' event must not crash the process as an unhandled one.
 */
export class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
Object.defineProperty(GuardedClient.prototype, 'query', { value: guarded(pg.Client.prototype.query as AnyMethod), writable: true, configurable: true });
Object.defineProperty(GuardedClient.prototype, 'connect', { value: guarded(pg.Client.prototype.connect as AnyMethod), writable: true, configurable: true });

/**
 * A pg pool of GuardedClients whose checkout failures (refused, timed out) are DatabaseUnavailableErrors
 * too. `pool.query` is guarded itself: when the connection of the client it checked out is lost
 * mid-query, the pool answers with the client's 'error' event ("Connection terminated
 * unexpectedly"), before and instead of the client's guarded query callback.
 */
export class GuardedPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: GuardedClient } as pg.PoolConfig);
  }
}
Object.defineProperty(GuardedPool.prototype, 'connect', { value: guarded(pg.Pool.prototype.connect as AnyMethod), writable: true, configurable: true });
Object.defineProperty(GuardedPool.prototype, 'query', { value: guarded(pg.Pool.prototype.query as AnyMethod), writable: true, configurable: true });
