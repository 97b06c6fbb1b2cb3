/// <reference types="vitest/config" />
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_PROCESS_EXTERNALS, mainEntryPaths } from './scripts/main-entries';

/** The Vite root is `renderer/`; everything of the Electron side is named from the repository root. */
const fromRoot = (file: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), file);

/** The main process's bundles (scripts/main-entries.ts); a missing source fails the build. */
const mainEntries = mainEntryPaths(fromRoot('.'));

/**
 * The embedded service finds its SQL migrations next to its module (`new URL('./migrations',
 * import.meta.url)`), so the bundle gets a copy beside it.
 */
const copyServiceMigrations = () => ({
  name: 'caseworks:copy-service-migrations',
  writeBundle() {
    cpSync(fromRoot('server/db/migrations'), fromRoot('dist-electron/main/migrations'), { recursive: true });
  },
});

const nodeBuild = (outDir: string) => ({
  plugins: [copyServiceMigrations()],
  build: {
    outDir: fromRoot(outDir),
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { external: [...MAIN_PROCESS_EXTERNALS] },
  },
});

export default defineConfig(async (): Promise<UserConfig> => {
  const isTest = Boolean(process.env.VITEST);
  return {
    root: 'renderer',
    base: './',
    publicDir: false,
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 900,
    },
    plugins: [
      react(),
      ...(isTest
        ? []
        : await electron({
            main: {
              entry: mainEntries,
              vite: nodeBuild('dist-electron/main'),
            },
            preload: {
              input: fromRoot('electron/preload/index.ts'),
              vite: {
                build: {
                  outDir: fromRoot('dist-electron/preload'),
                  emptyOutDir: false,
                  rolldownOptions: {
                    external: ['electron'],
                    output: { format: 'cjs', entryFileNames: 'index.cjs' },
                  },
                },
              },
            },
          })),
    ],
    test: {
      root: '.',
      server: { deps: { inline: ['electron-store'] } },
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            root: '.',
            environment: 'node',
            include: ['test/shared/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'config',
            root: '.',
            environment: 'node',
            include: ['test/lint/**/*.test.ts', 'test/build/**/*.test.ts'],
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            root: '.',
            environment: 'node',
            include: ['test/server/**/*.test.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        // Several processes of the real CLI on one PostgreSQL: defined only when DATABASE_URL names
        // a server, so `npm test` without one neither runs nor counts it (.ci/run runs it on its
        // own PostgreSQL; `--project cluster` without DATABASE_URL fails: no such project).
        ...(process.env.DATABASE_URL
          ? [
              {
                extends: true as const,
                test: {
                  name: 'cluster',
                  root: '.',
                  environment: 'node',
                  include: ['test/cluster/**/*.test.ts'],
                  fileParallelism: false,
                  testTimeout: 60_000,
                  hookTimeout: 120_000,
                },
              },
            ]
          : []),
        // The desktop side in two: `electron` runs in-process with fakes (the fast loop, with
        // shared, config and renderer: `npm run test:unit`); `electron-integration` boots the
        // service, spawns processes or runs a scanner (files named *.integration.test.ts).
        {
          extends: true,
          test: {
            name: 'electron',
            root: '.',
            environment: 'node',
            include: ['test/electron/**/*.test.ts'],
            exclude: ['test/electron/**/*.integration.test.ts'],
            setupFiles: ['test/support/fake-electron.ts', 'test/support/temporary-root-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'electron-integration',
            root: '.',
            environment: 'node',
            include: ['test/electron/**/*.integration.test.ts'],
            setupFiles: ['test/support/fake-electron.ts', 'test/support/temporary-root-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'renderer',
            root: '.',
            environment: 'jsdom',
            include: ['test/renderer/**/*.test.{ts,tsx}'],
            setupFiles: ['test/support/renderer-setup.ts', 'test/support/temporary-root-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            root: '.',
            environment: 'node',
            include: ['test/e2e/**/*.test.ts'],
            fileParallelism: false,
            testTimeout: 180_000,
            hookTimeout: 300_000,
          },
        },
      ],
    },
  };
});
