import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import caseworks from './eslint-rules/layers.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Which folder may import which (README "How it is built", docs/), enforced. */
const layer = (files, forbiddenGroups, extraPaths = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: extraPaths,
        patterns: forbiddenGroups.map(({ group, message }) => ({ group, message })),
      },
    ],
  },
});

const rendererGroups = [
  { group: ['**/server/**', '**/electron/**', '**/test/**'], message: 'renderer/ may import shared/ only; it reaches main through the bridge on window' },
  { group: ['electron', 'electron-store', 'fastify', 'drizzle-orm', '@electric-sql/*', 'pg', 'minisearch'], message: 'renderer/ runs in the page' },
];

const FAILURE_IS_A_VALUE =
  'An expected failure is a value here: return it (an Outcome on the desktop, a problem or an OrderRejection on the service) and let the boundary map it; the renderer throws only through dataOrThrow.';

/**
 * A refusal built to be thrown (`throw new HttpProblem(…)`, `throw missing(…)`); a plain
 * `throw new Error(…)` (a state no one expected) and a rethrow stay allowed.
 */
const thrownRefusals = [
  "ThrowStatement[argument.type='NewExpression']:not([argument.callee.name='Error'])",
  "ThrowStatement[argument.type='CallExpression']",
  // The same refusal made a rejected promise (`Promise.reject(new OfflineCallError(…))`, as the offline copy's once was).
  "CallExpression[callee.object.name='Promise'][callee.property.name='reject'] > NewExpression:not([callee.name='Error'])",
].map((selector) => ({ selector, message: FAILURE_IS_A_VALUE }));

/**
 * The desktop's failure value made an exception (as `CoreFailure` once was, converted back by the
 * bridge): an error class that carries a `ServiceError`, `BridgeError`, `Outcome` or the offline
 * copy's failure code (`OfflineFailureCode`, as `OfflineCallError` once did), a throw built
 * from one (`serviceError`, `failWith`, `refusal`), or a failure's `error` thrown. Nowhere in electron/core.
 */
const thrownFailureValues = [
  "ClassDeclaration[superClass.name=/Error$/] TSTypeReference[typeName.name=/^(ServiceError|BridgeError|Outcome|Failure|OfflineFailureCode|OfflineResult)$/]",
  'ThrowStatement CallExpression[callee.name=/^(serviceError|failWith|refusal|bridgeErrorOf|storeOutcome)$/]',
  "ThrowStatement[argument.type='MemberExpression'][argument.property.name='error']",
].map((selector) => ({
  selector,
  message: 'The core answers an expected failure as an Outcome (electron/core/failure.ts), never as an exception the bridge turns back into one.',
}));

const noNodePaths = nodeBuiltins.map((name) => ({ name, message: 'this layer runs without Node built-ins' }));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-electron', 'coverage', 'server/db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  layer(['shared/**'], [
    { group: ['**/server/**', '**/electron/**', '**/renderer/**', '**/test/**'], message: 'shared/ imports nothing of ours' },
    { group: ['electron', 'react', 'react-dom', 'fastify', 'drizzle-orm', '@electric-sql/*', 'pg'], message: 'shared/ is the pure contract' },
  ], noNodePaths),
  layer(['server/**'], [
    { group: ['**/electron/**', '**/renderer/**', '**/test/**'], message: 'server/ may import shared/ only' },
    { group: ['electron', 'react', 'react-dom'], message: 'server/ runs without Electron or React' },
  ]),
  layer(['electron/**'], [
    { group: ['**/renderer/**', '**/test/**'], message: 'electron/ may import shared/ and server/ only' },
    { group: ['react', 'react-dom'], message: 'electron/ has no UI' },
  ]),
  // Inside electron/: core ← bridge ← app ← main, preload, web; only main and preload import Electron.
  {
    files: ['electron/**/*.{ts,tsx,js,mjs}'],
    plugins: { caseworks },
    rules: { 'caseworks/layers': 'error' },
  },
  layer(['renderer/**'], rendererGroups, noNodePaths),
  // Inside renderer/: components/ and lib/ are shared by every feature, so they import no feature.
  layer(['renderer/components/**', 'renderer/lib/**'], [
    ...rendererGroups,
    { group: ['**/features/**'], message: 'renderer/components and renderer/lib are shared: they import nothing from renderer/features' },
  ], noNodePaths),
  // One path for a failure (docs/architecture.md, "Failures"): where an expected failure travels
  // as a value to its process's boundary, nothing throws one.
  {
    files: ['electron/core/**/*.ts', 'electron/bridge/**/*.ts', 'server/http/handlers.ts', 'server/store/orders/**/*.ts', 'renderer/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...thrownRefusals, ...thrownFailureValues] },
  },
);
