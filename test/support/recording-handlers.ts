import { vi, type Mock } from 'vitest';
import { BRIDGE_METHODS, type BridgeMethod } from '../../shared/bridge/contract';
import type { BridgeHandlers } from '../../electron/bridge/handler-types';
import { succeed, type Outcome } from '../../electron/core/failure';

type RecordingHandler = Mock<(input: unknown) => Promise<Outcome<unknown>>>;

/** A full handler table whose every handler records its input and echoes it back. */
export function createRecordingHandlers(): BridgeHandlers & { [M in BridgeMethod]: RecordingHandler } {
  const handlers = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [method, vi.fn(async (input: unknown): Promise<Outcome<unknown>> => succeed({ method, input }))]),
  );
  return handlers as unknown as BridgeHandlers & { [M in BridgeMethod]: RecordingHandler };
}
