import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** The layer rule's findings for `code` written in the file `file` (which need not exist). */
async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'caseworks/layers').map((message) => message.message);
}

/** Each edge that must never be: a file of the layer, an import it must not make. */
const forbidden: Array<[file: string, source: string]> = [
  ['electron/core/platform.ts', '../bridge/dispatcher'],
  ['electron/core/session/session-manager.ts', '../../bridge/bridge-failure'],
  ['electron/core/offline/offline-reads.ts', '../../bridge/handlers/read-context'],
  ['electron/core/outbox/outbox.ts', '../../app/app-core'],
  ['electron/core/failure.ts', '../app/app-core'],
  ['electron/core/session/session.ts', '../../app/app-core'],
  ['electron/core/sync/sync-engine.ts', '../../main/window'],
  ['electron/core/api/service-client.ts', '../../web/shell-server'],
  ['electron/core/vault/key-vault.ts', '../../preload/bridge-api'],
  ['electron/bridge/dispatcher.ts', '../app/app-core'],
  ['electron/bridge/handlers/orders.ts', '../../main/window'],
  ['electron/bridge/handlers/orders.ts', '../../web/shell-server'],
  ['electron/app/app-core.ts', '../main/window'],
  ['electron/app/app-core.ts', '../web/shell-server'],
  ['electron/main/app-protocol.ts', '../web/static-files'],
  ['electron/main/window.ts', '../preload/bridge-api'],
  ['electron/web/shell-server.ts', '../main/app-protocol'],
  ['electron/web/shell-server.ts', '../preload/bridge-api'],
  ['electron/preload/index.ts', '../core/platform'],
  ['electron/preload/index.ts', '../main/bridge-ipc'],
];

/** Imports the layers do make, which must stay allowed. */
const allowed: Array<[file: string, source: string]> = [
  ['electron/core/sync/sync-engine.ts', '../connection/connectivity'],
  ['electron/core/session/session.ts', '../outbox'],
  ['electron/core/session/session-manager.ts', '../failure'],
  ['electron/core/connection/embedded-service.ts', '../../../server/main'],
  ['electron/bridge/handlers/orders.ts', '../../core/outbox'],
  ['electron/app/app-core.ts', '../bridge/dispatcher'],
  ['electron/app/app-core.ts', '../core/platform'],
  ['electron/main/index.ts', '../app/app-core'],
  ['electron/main/app-protocol.ts', '../app/static-files'],
  ['electron/web/shell-server.ts', '../app/static-files'],
  ['electron/preload/index.ts', '../../shared/bridge/api'],
];

describe('the layers inside electron/ (eslint.config.js)', () => {
  it.each(forbidden)('refuses in %s: import from "%s"', async (file, source) => {
    const problems = await layerProblems(file, `import { x } from '${source}';\nexport const y = x;\n`);
    expect(problems).toHaveLength(1);
  });

  it.each(allowed)('allows in %s: import from "%s"', async (file, source) => {
    expect(await layerProblems(file, `import { x } from '${source}';\nexport const y = x;\n`)).toEqual([]);
  });

  it.each(['electron/core/platform.ts', 'electron/bridge/handlers/desktop.ts', 'electron/app/app-core.ts', 'electron/web/cli.ts'])(
    'refuses Electron in %s',
    async (file) => {
      expect(await layerProblems(file, "import { app } from 'electron';\nexport const y = app;\n")).toHaveLength(1);
    },
  );

  it.each(['electron/main/window.ts', 'electron/preload/index.ts'])('allows Electron in %s', async (file) => {
    expect(await layerProblems(file, "import { app } from 'electron';\nexport const y = app;\n")).toEqual([]);
  });

  it('sees type imports, re-exports and import() types too', async () => {
    const code = [
      "import type { A } from '../bridge/dispatcher';",
      "export { B } from '../app/app-core';",
      "export type C = import('../web/shell-server').D;",
      'export type E = A;',
    ].join('\n');
    expect(await layerProblems('electron/core/platform.ts', code)).toHaveLength(3);
  });

  it('finds no layer problem in the tree as it is', async () => {
    const results = await eslint.lintFiles(['electron/**/*.ts']);
    const problems = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'caseworks/layers').map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('names no folder inside a layer like a layer (electron/core/app/ next to electron/app/ was two "app"s)', () => {
    // The layers are electron/'s own folders (eslint-rules/layers.js names the same).
    const subfolders = (dir: string) => readdirSync(path.join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const layers = subfolders('electron').map((entry) => entry.name);
    const inner = (dir: string): string[] =>
      subfolders(dir).flatMap((entry) => [`${dir}/${entry.name}`, ...inner(`${dir}/${entry.name}`)]);
    const named = layers.flatMap((layer) => inner(`electron/${layer}`)).filter((folder) => layers.includes(path.posix.basename(folder)));
    expect(named).toEqual([]);
  });
});

/** The findings of the import rule (no-restricted-imports) for `code` written in the file `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('inside renderer/: components/ and lib/ import no feature (eslint.config.js)', () => {
  it.each([
    ['renderer/components/QuantityStepper.tsx', '../features/cart/cartStore'],
    ['renderer/lib/queryKeys.ts', '../features/product/queries'],
  ])('refuses in %s: import from "%s"', async (file, source) => {
    const problems = await importProblems(file, `import { x } from '${source}';\nexport const y = x;\n`);
    expect(problems).toHaveLength(1);
  });

  it.each([
    ['renderer/components/QuantityStepper.tsx', '../lib/quantityRules'],
    ['renderer/features/cart/cartStore.ts', '../../lib/quantityRules'],
    ['renderer/features/cart/CartScreen.tsx', '../product/queries'],
  ])('allows in %s: import from "%s"', async (file, source) => {
    expect(await importProblems(file, `import { x } from '${source}';\nexport const y = x;\n`)).toEqual([]);
  });

  it('still refuses the renderer-wide edges in components/ and lib/', async () => {
    expect(await importProblems('renderer/lib/queryKeys.ts', "import { x } from '../../server/main';\nexport const y = x;\n")).toHaveLength(1);
  });
});
