import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { createEventHub } from '../../electron/bridge/event-hub';
import type { CaseworksCore } from '../../electron/app/caseworks-core';
import type { CaseworksPlatform, SettingsStore } from '../../electron/core/platform';
import { createRecordingHandlers } from './recording-handlers';

/** A core made of recording handlers and a real event hub, for transport tests. */
export function createFakeCore() {
  const handlers = createRecordingHandlers();
  const hub = createEventHub();
  const core = {
    dispatcher: createDispatcher({ handlers }),
    events: hub,
    readImage: vi.fn(async (productId: string) =>
      productId === 'prod_withimage' ? { body: new TextEncoder().encode('<svg/>'), contentType: 'image/svg+xml' } : null,
    ),
    redact: (text: string) => text,
    close: vi.fn(async () => undefined),
  } satisfies CaseworksCore;
  return { core, handlers, hub };
}

export function createMemorySettings(): SettingsStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}

export function createTestPlatform(overrides: Partial<CaseworksPlatform> = {}): CaseworksPlatform {
  return {
    dataDir: mkdtempSync(path.join(tmpdir(), 'caseworks-platform-')),
    keyStore: { safeStorage: null, settings: createMemorySettings() },
    fetch: globalThis.fetch,
    forkService: () => {
      throw new Error('this test starts no service');
    },
    notify: vi.fn(),
    openExternal: vi.fn(async () => true),
    now: () => new Date('2026-11-22T09:00:00.000Z'),
    ...overrides,
  };
}
