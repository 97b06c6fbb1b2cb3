import { vi } from 'vitest';
import { BRIDGE_METHODS } from '../../shared/bridge/contract';
import type { BridgeHandlers } from '../../electron/bridge/handler-types';

/** A full handler table whose every handler records its input and echoes it back. */
export function createRecordingHandlers() {
  const handlers = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [method, vi.fn(async (input: unknown) => ({ method, input }))]),
  );
  return handlers as unknown as BridgeHandlers & Record<string, ReturnType<typeof vi.fn>>;
}
