import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** The findings of the one-path-for-a-failure rule (no-restricted-syntax) for `code` written in `file`. */
async function thrownRefusals(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

describe('an expected failure is a value up to its boundary (docs/architecture.md, eslint.config.js)', () => {
  it.each([
    ['server/http/handlers.ts', "declare const missing: (what: string) => Error;\nexport function f() { throw missing('order'); }\n"],
    ['server/http/handlers.ts', "declare class HttpProblem extends Error {}\nexport function f() { throw new HttpProblem(); }\n"],
    ['server/store/orders/place-order.ts', "declare class OrderRejected extends Error {}\nexport function f() { throw new OrderRejected(); }\n"],
    ['electron/bridge/handlers/guides.ts', "declare class BridgeFailure extends Error {}\nexport function f() { throw new BridgeFailure(); }\n"],
    ['renderer/features/cart/mutations.ts', "declare class BridgeCallError extends Error {}\nexport function f() { throw new BridgeCallError(); }\n"],
    // The core's folders that once threw their own failures inward (a body too large, a demo service that could not start,
    // the offline copy's failures, a newer schema): each answers a value now, so the rule holds there too.
    ['electron/core/api/interpret-response.ts', "declare class BodyTooLargeError extends Error {}\nexport function f() { throw new BodyTooLargeError(); }\n"],
    ['electron/core/connection/embedded-service.ts', "declare class EmbeddedServiceError extends Error {}\nexport function f() { throw new EmbeddedServiceError(); }\n"],
    ['electron/core/offline/offline-host.ts', "declare class OfflineFailure extends Error {}\nexport function f() { throw new OfflineFailure(); }\n"],
    ['electron/core/search/facet-dictionary.ts', "declare class FacetOverflowError extends Error {}\nexport function f() { throw new FacetOverflowError(); }\n"],
    // A refusal made a rejected promise is thrown all the same (the offline copy's calls once rejected with OfflineCallError).
    ['electron/core/offline/offline-database.ts', "declare class OfflineCallError extends Error {}\nexport function f() { return Promise.reject(new OfflineCallError()); }\n"],
  ])('refuses a thrown refusal in %s', async (file, code) => {
    expect(await thrownRefusals(file, code)).toBe(1);
  });

  // The session once threw its refusals as CoreFailure, turned back into a value by the bridge: nowhere in the core again.
  it.each([
    ['electron/core/session/session-manager.ts', "declare class CoreFailure extends Error {}\nexport function f() { throw new CoreFailure(); }\n"],
    ['electron/core/outbox/outbox.ts', "declare const refusal: (code: string, message: string) => Error;\nexport function f() { throw refusal('not_found', 'gone'); }\n"],
    [
      'electron/core/offline/offline-host.ts',
      "import type { ServiceError } from '../api/service-error';\nexport class SessionRefusal extends Error {\n  constructor(readonly error: ServiceError) {\n    super(error.message);\n  }\n}\n",
    ],
    ['electron/core/search/search-service.ts', "declare const serviceError: (parts: object) => object;\nexport function f() { throw serviceError({ code: 'not_found' }); }\n"],
    ['electron/core/connection/embedded-service.ts', "export function f(outcome: { ok: false; error: Error }) { throw outcome.error; }\n"],
    [
      'electron/core/offline/offline-database.ts',
      "import type { OfflineFailureCode } from './offline-protocol';\nexport class OfflineCallError extends Error {\n  constructor(message: string, readonly code: OfflineFailureCode | null) {\n    super(message);\n  }\n}\n",
    ],
  ])('refuses the core\'s failure value thrown in %s', async (file, code) => {
    expect(await thrownRefusals(file, code)).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ["export function f() { throw new Error('order ord_1 was not stored'); }\n"],
    ['export function f(error: unknown) { throw error; }\n'],
    ["export function f() { return Promise.reject(new Error('the worker stopped')); }\n"],
  ])('allows what no one expected, and a rethrow: %s', async (code) => {
    expect(await thrownRefusals('electron/bridge/bridge-failure.ts', code)).toBe(0);
  });

  // The renderer's files are linted by `npx eslint .` (its React rules make a full run slow here).
  it('finds no thrown refusal in the core, the bridge, the handlers and the order store as they are', async () => {
    const results = await eslint.lintFiles(['electron/core/**/*.ts', 'electron/bridge/**/*.ts', 'server/http/handlers.ts', 'server/store/orders/**/*.ts']);
    const problems = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => `${result.filePath}:${message.line}`),
    );
    expect(problems).toEqual([]);
  });
});
