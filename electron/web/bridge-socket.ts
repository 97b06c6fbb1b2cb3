import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { MAX_SOCKET_MESSAGE_BYTES, SocketCall, type SocketMessage } from '../../shared/bridge/socket-messages';
import type { CaseworksCore } from '../app/caseworks-core';

/** Why an upgrade request is refused, as an HTTP status and plain words; null lets it through. */
export type UpgradeRefusal = { status: number; text: string } | null;

export interface BridgeSocketOptions {
  core: Pick<CaseworksCore, 'dispatcher' | 'events'>;
  /** The same host, origin and token checks as every other request of the shell. */
  refuse(request: IncomingMessage): UpgradeRefusal;
}

export interface BridgeSocket {
  /** Closes every open socket; the pages' bridges then answer that Caseworks is not running. */
  close(): void;
}

function refuseUpgrade(socket: Duplex, refusal: NonNullable<UpgradeRefusal>) {
  const body = `${refusal.text}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} Refused\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function send(socket: WebSocket, message: SocketMessage) {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function parseCall(data: RawData, isBinary: boolean): SocketCall | null {
  if (isBinary) return null;
  try {
    const parsed = SocketCall.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The bridge as a WebSocket on the shell's own server: a call is dispatched as it arrives (replies
 * may overtake each other and carry their call's id), and core events are pushed to every page.
 * The page's own bridge never sends anything but calls, so any other message closes the socket.
 */
export function attachBridgeSocket(server: Server, path: string, options: BridgeSocketOptions): BridgeSocket {
  const { core } = options;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES });

  function serve(socket: WebSocket) {
    const unsubscribe = core.events.subscribe((event) => send(socket, { kind: 'event', event }));
    socket.on('close', unsubscribe);
    socket.on('error', () => socket.terminate());
    socket.on('message', (data, isBinary) => {
      const call = parseCall(data, isBinary);
      if (!call) {
        socket.close(1008, 'Only bridge calls are accepted here.');
        return;
      }
      void core.dispatcher.dispatch(call.method, call.input).then((result) => send(socket, { kind: 'reply', id: call.id, result }));
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const refusal = pathname === path ? options.refuse(request) : { status: 404, text: 'Not found' };
    if (refusal) return refuseUpgrade(socket, refusal);
    sockets.handleUpgrade(request, socket, head, serve);
  });

  return {
    close() {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
    },
  };
}
