import { afterAll, afterEach, beforeAll } from 'vitest';
import { startE2eApp, type E2eApp, type E2eAppOptions } from './e2e-harness';

/**
 * One app (browser shell, demo service, Chromium) for the tests of a file: started before them,
 * pages a test left open closed (and photographed if it failed) after each, all stopped after
 * the last. If the app cannot start (no Chromium, say), every test fails with that reason rather
 * than being skipped.
 */
export function useE2eApp(options: E2eAppOptions = {}): () => E2eApp {
  let app: E2eApp | null = null;
  let startupError: unknown = null;

  beforeAll(async () => {
    try {
      app = await startE2eApp(options);
    } catch (error) {
      startupError = error;
    }
  });

  afterEach(async ({ task }) => {
    await app?.afterTest({ name: task.name, failed: task.result?.state === 'fail' });
  });

  afterAll(async () => {
    await app?.close();
  });

  return () => {
    if (app) return app;
    throw startupError instanceof Error ? startupError : new Error(`The app did not start: ${String(startupError)}`);
  };
}
