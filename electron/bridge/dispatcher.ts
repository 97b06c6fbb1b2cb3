import { bridgeContract, type BridgeCall, type BridgeMethod } from '../../shared/bridge/contract';
import { fail, ok, type BridgeResult } from '../../shared/bridge/result';
import type { Outcome } from '../core/failure';
import { MAIN_THREAD_PARSE } from '../core/main-thread-parse';
import { writeFailureOf } from '../core/files/write-failure';
import { bridgeErrorOf } from './bridge-failure';
import type { BridgeHandlers } from './handler-types';
import { describeInputError } from './input-errors';

export interface DispatcherOptions {
  handlers: BridgeHandlers;
  /** Called with every unexpected error, for the main process log. */
  onUnexpectedError?: (method: BridgeMethod, error: unknown) => void;
  /** Told of every call of a known method with a valid input, before it runs. */
  onCall?: (call: BridgeCall) => void;
}

export interface BridgeDispatcher {
  /** Never throws: every outcome is a `BridgeResult`. */
  dispatch(method: unknown, input: unknown): Promise<BridgeResult<unknown>>;
}

const MAX_METHOD_NAME_LENGTH = 64;

export function isBridgeMethod(method: unknown): method is BridgeMethod {
  return typeof method === 'string' && Object.hasOwn(bridgeContract, method);
}

export function createDispatcher(options: DispatcherOptions): BridgeDispatcher {
  const { handlers, onUnexpectedError = () => {}, onCall = () => {} } = options;

  async function run(method: BridgeMethod, input: unknown): Promise<BridgeResult<unknown>> {
    const parsed = bridgeContract[method].input.safeParse(input === undefined ? {} : input, MAIN_THREAD_PARSE);
    if (!parsed.success) {
      const { message, fields } = describeInputError(parsed.error);
      return fail('invalid_input', message, false, fields);
    }
    onCall({ method, input: parsed.data } as BridgeCall);
    const handler = handlers[method] as (input: unknown) => Promise<Outcome<unknown>>;
    // The IPC boundary: an expected failure arrives as a value and is mapped here, once.
    const outcome = await handler(parsed.data);
    return outcome.ok ? ok(outcome.data) : { ok: false, error: bridgeErrorOf(outcome.error) };
  }

  return {
    async dispatch(method, input) {
      if (!isBridgeMethod(method)) {
        const name = typeof method === 'string' ? `"${method.slice(0, MAX_METHOD_NAME_LENGTH)}"` : 'a call without a method name';
        return fail('unknown_method', `Caseworks does not know ${name}.`);
      }
      try {
        return await run(method, input);
      } catch (error) {
        // A file the app could not write (a full disk) is thrown by the file system, said here in plain words.
        const written = writeFailureOf(error);
        if (written) return { ok: false, error: written };
        onUnexpectedError(method, error);
        return fail('internal', 'Something went wrong inside Caseworks. Please try again.', true);
      }
    },
  };
}
