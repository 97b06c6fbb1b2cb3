import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Account } from '../../../shared';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import { createServiceClient } from '../../../electron/core/api';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { validBridgeInputs } from '../../support/bridge-samples';
import { createRecordingHandlers } from '../../support/recording-handlers';
import { TEST_KEY, account, json, orderBody, orderFor, scriptedFetch, supplier } from './fixtures';

/**
 * zod compiles a schema's fast path with `new Function` on its first compiled parse: a stall of
 * the main thread (main-thread-parse.ts). Counted here by standing in for the global `Function`.
 */
let compiled = 0;
const RealFunction = globalThis.Function;

beforeEach(() => {
  compiled = 0;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args, newTarget) {
      compiled += 1;
      return Reflect.construct(target, args, newTarget);
    },
  });
});
afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('the core\'s main thread checks values without compiling schemas', () => {
  it('the service client checks its inputs and the service\'s answers interpreted', async () => {
    const page = { data: [supplier], meta: { total: 1, page: 1, per_page: 100, total_pages: 1 } };
    const { fetch } = scriptedFetch(
      () => json(account),
      () => json(page),
      () => json(orderFor(orderBody), 201),
    );
    const client = createServiceClient({ baseUrl: 'http://127.0.0.1:4010/api/v1', getApiKey: () => TEST_KEY, fetch, sleep: vi.fn(async () => undefined) });
    const answers = [await client.call('getAccount'), await client.call('listSuppliers', { query: { per_page: 100 } }), await client.call('createOrder', { body: orderBody })];
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true]);
    expect(compiled, 'schemas compiled on the main thread').toBe(0);
    // The count sees a compiled parse: the same schema parsed the default way compiles its checker.
    Account.safeParse(account);
    expect(compiled).toBeGreaterThan(0);
  });

  it('the bridge dispatcher checks every method\'s input interpreted', async () => {
    const { dispatch } = createDispatcher({ handlers: createRecordingHandlers() });
    for (const method of BRIDGE_METHODS) expect(await dispatch(method, validBridgeInputs[method]), method).toMatchObject({ ok: true });
    expect(compiled, 'schemas compiled on the main thread').toBe(0);
  });
});
