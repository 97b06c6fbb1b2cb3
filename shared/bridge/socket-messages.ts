import { z } from 'zod';
import { BridgeEvent } from './events';
import { BridgeError } from './result';

/**
 * The browser shell's bridge socket: one WebSocket per page carries the page's calls and main's
 * replies and events, as the preload's IPC does in the desktop app. A message is one JSON text.
 */
export const BRIDGE_SOCKET_PATH = '/bridge/socket';
export const MAX_SOCKET_MESSAGE_BYTES = 1_000_000;
const MAX_METHOD_NAME_LENGTH = 64;

/** From the page: which method, with what input; `id` pairs the reply with its call. */
export const SocketCall = z.object({
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  method: z.string().max(MAX_METHOD_NAME_LENGTH),
  input: z.unknown().optional(),
});
export type SocketCall = z.infer<typeof SocketCall>;

/** The data is main's own answer, typed by the method's contract as over IPC; only the envelope is checked here. */
const SocketResult = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: BridgeError }),
]);

/** From main: the reply to one call, or an event nobody asked for. */
export const SocketMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reply'), id: z.number().int().nonnegative(), result: SocketResult }),
  z.object({ kind: z.literal('event'), event: BridgeEvent }),
]);
export type SocketMessage = z.infer<typeof SocketMessage>;
