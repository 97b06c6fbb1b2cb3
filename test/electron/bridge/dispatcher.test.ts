import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import { BridgeError } from '../../../shared/bridge/result';
import { serviceError } from '../../../electron/core/api';
import { failWith } from '../../../electron/core/failure';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { validBridgeInputs } from '../../support/bridge-samples';
import { createRecordingHandlers } from '../../support/recording-handlers';

describe('the bridge dispatcher', () => {
  it('routes every contract method to its handler with the parsed input', async () => {
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({ handlers });
    for (const method of BRIDGE_METHODS) {
      const result = await dispatch(method, validBridgeInputs[method]);
      expect(result, method).toMatchObject({ ok: true, data: { method } });
      expect(handlers[method]).toHaveBeenCalledTimes(1);
    }
  });

  it('tells of every valid call, with its checked input, before it runs, and of no other', async () => {
    const calls: string[] = [];
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({
      handlers,
      onCall: (call) => calls.push(`${call.method}:${handlers.searchCatalog.mock.calls.length}:${call.method === 'searchCatalog' ? call.input.limit : ''}`),
    });
    await dispatch('searchCatalog', { text: 'merlot' });
    await dispatch('deleteEverything', {});
    await dispatch('getProduct', { id: 42 });
    // The schema's default limit is filled in before the call is told.
    expect(calls).toEqual(['searchCatalog:0:100']);
  });

  it('fills schema defaults and accepts a missing input for methods without fields', async () => {
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({ handlers });
    expect(await dispatch('getSession', undefined)).toMatchObject({ ok: true });
    await dispatch('listOrders', {});
    expect(handlers.listOrders).toHaveBeenCalledWith({ page: 1, perPage: 50 });
  });

  it.each([['deleteEverything'], ['__proto__'], ['constructor'], ['toString'], [42], [null], [{ method: 'getSession' }]])(
    'answers unknown_method for %j',
    async (method) => {
      const { dispatch } = createDispatcher({ handlers: createRecordingHandlers() });
      const result = await dispatch(method, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method', retryable: false } });
    },
  );

  it('rejects wrong types with plain words and field pointers', async () => {
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({ handlers });
    const result = await dispatch('listOrders', { page: 'two', status: 'lost' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.fields?.map((field) => field.pointer)).toEqual(['/status', '/page']);
    expect(result.error.message).toMatch(/^The request was not valid: status must be one of/);
    expect(handlers.listOrders).not.toHaveBeenCalled();
  });

  it('rejects inputs that are not objects, unknown fields and missing required fields', async () => {
    const { dispatch } = createDispatcher({ handlers: createRecordingHandlers() });
    expect(await dispatch('getSession', 'hello')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatch('getSession', { extra: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: [{ pointer: '', detail: 'has fields that are not allowed: extra' }] },
    });
    expect(await dispatch('getOrder', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: [{ pointer: '/id', detail: 'is required' }] },
    });
  });

  it('rejects oversized strings before any handler runs', async () => {
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({ handlers });
    const huge = 'x'.repeat(100_000);
    for (const [method, input] of [
      ['searchCatalog', { text: huge }],
      ['lookupProductCode', { code: huge }],
      ['openTrackingLink', { url: `https://t.example.com/${huge}` }],
      ['retryOutboxEntry', { id: huge }],
      ['connectService', { baseUrl: 'https://x.example.com/api/v1', apiKey: huge }],
    ] as const) {
      const result = await dispatch(method, input);
      expect(result, method).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      if (!result.ok) expect(result.error.message.length).toBeLessThan(300);
    }
    for (const method of BRIDGE_METHODS) expect(handlers[method]).not.toHaveBeenCalled();
  });

  it("passes a handler's failure value through as its error", async () => {
    const handlers = createRecordingHandlers();
    handlers.getOrder.mockResolvedValueOnce(failWith('not_found', 'No such order.'));
    const { dispatch } = createDispatcher({ handlers });
    expect(await dispatch('getOrder', { id: 'ord_x1' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such order.', retryable: false },
    });
  });

  it("maps the core's failure to its code, words and field errors, and nothing else it learned", async () => {
    const handlers = createRecordingHandlers();
    const error = serviceError({
      code: 'rejected',
      message: 'Not enough stock.',
      retryable: false,
      status: 409,
      problemCode: 'insufficient_inventory',
      fields: [{ pointer: '/items/0/quantity', detail: 'too many' }],
    });
    handlers.getOrder.mockResolvedValueOnce({ ok: false, error });
    const { dispatch } = createDispatcher({ handlers });
    expect(await dispatch('getOrder', { id: 'ord_x1' })).toEqual({
      ok: false,
      error: { code: 'rejected', message: 'Not enough stock.', retryable: false, fields: [{ pointer: '/items/0/quantity', detail: 'too many' }] },
    });
  });

  it('turns unexpected exceptions into internal errors without details, and reports them', async () => {
    const handlers = createRecordingHandlers();
    const secret = 'sk_secret_value_123';
    handlers.getAccount.mockRejectedValueOnce(new Error(`request with Bearer ${secret} failed`));
    const onUnexpectedError = vi.fn();
    const { dispatch } = createDispatcher({ handlers, onUnexpectedError });
    const result = await dispatch('getAccount', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts/);
    expect(onUnexpectedError).toHaveBeenCalledWith('getAccount', expect.any(Error));
  });

  it('says a full disk or a folder it may not write to in plain words, not as an internal error (favourites, addresses, guides)', async () => {
    const unexpected = vi.fn();
    const failing = (code: string) => async () => {
      throw Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' });
    };
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({
      handlers: { ...handlers, setFavourite: failing('ENOSPC'), addSavedAddress: failing('EACCES'), createOrderGuide: failing('EROFS') },
      onUnexpectedError: unexpected,
    });
    const favourite = await dispatch('setFavourite', validBridgeInputs.setFavourite);
    expect(favourite).toEqual({ ok: false, error: { code: 'storage_error', message: 'The disk is full, so this was not saved. Free some space and try again.', retryable: true } });
    expect(await dispatch('addSavedAddress', validBridgeInputs.addSavedAddress)).toMatchObject({ ok: false, error: { code: 'storage_error', message: expect.stringMatching(/may not write to its data folder/) } });
    expect(await dispatch('createOrderGuide', validBridgeInputs.createOrderGuide)).toMatchObject({ ok: false, error: { code: 'storage_error', message: expect.stringMatching(/read-only/) } });
    expect(unexpected).not.toHaveBeenCalled();
    // Any other failure of the file system stays unexpected.
    const other = createDispatcher({ handlers: { ...handlers, setFavourite: failing('EIO') }, onUnexpectedError: unexpected });
    expect(await other.dispatch('setFavourite', validBridgeInputs.setFavourite)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(unexpected).toHaveBeenCalledTimes(1);
  });

  it('never throws, even for input objects with hostile getters', async () => {
    const { dispatch } = createDispatcher({ handlers: createRecordingHandlers() });
    const hostile = Object.defineProperty({}, 'id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    await expect(dispatch('getOrder', hostile)).resolves.toMatchObject({ ok: false });
  });
});

describe('the bridge dispatcher, property-based', () => {
  it('answers any input to any method, or any method name, with a result value: never a throw, a handler only for valid input', async () => {
    const handlers = createRecordingHandlers();
    const { dispatch } = createDispatcher({ handlers });
    const method = fc.oneof(fc.constantFrom(...BRIDGE_METHODS), fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'toString'));
    // Valid inputs with a field swapped for anything, and anything at all.
    const input = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
      fc.tuple(fc.constantFrom(...BRIDGE_METHODS), fc.string({ maxLength: 12 }), fc.anything()).map(([sample, field, value]) => ({
        ...(validBridgeInputs[sample] as object),
        [field]: value,
      })),
    );
    await fc.assert(
      fc.asyncProperty(method, input, async (name, value) => {
        const before = Object.values(handlers).reduce((sum, handler) => sum + handler.mock.calls.length, 0);
        const result = await dispatch(name, value);
        const after = Object.values(handlers).reduce((sum, handler) => sum + handler.mock.calls.length, 0);
        if (result.ok) {
          expect(BRIDGE_METHODS as readonly string[]).toContain(name);
          expect(after).toBe(before + 1);
        } else {
          expect(BridgeError.safeParse(result.error).success, JSON.stringify(result.error)).toBe(true);
          expect(after).toBe(before);
        }
      }),
      { numRuns: 2000, seed: Number(process.env.PROPERTY_SEED ?? 20_261_124) },
    );
  });
});
