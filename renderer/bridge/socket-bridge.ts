import type { CaseworksBridge } from '../../shared/bridge/api';
import { BRIDGE_METHODS } from '../../shared/bridge/contract';
import type { BridgeEvent } from '../../shared/bridge/events';
import { fail, type BridgeResult } from '../../shared/bridge/result';
import { BRIDGE_SOCKET_PATH, SocketMessage } from '../../shared/bridge/socket-messages';

export interface SocketBridgeOptions {
  /** The socket's address; the page's own origin by default. */
  url?: string;
  createSocket?: (url: string) => WebSocket;
  /** How long to wait before opening a lost socket again while someone listens for events. */
  reconnectDelayMs?: number;
  /** Told `open` when a socket opens and `stopped` when one cannot be opened (the shell is not running). */
  onLinkChange?: (state: 'open' | 'stopped') => void;
}

const RECONNECT_DELAY_MS = 2_000;
const UNREACHABLE = 'Caseworks could not be reached from this page: check that npm run web is still running, and open the link it printed.';
const LOST = 'The connection to Caseworks was lost before it answered. Please try again.';

function defaultSocketUrl(): string {
  // globalThis is the page's window; named so, the module also type-checks where there is no DOM.
  const { protocol, host } = (globalThis as unknown as { location: { protocol: string; host: string } }).location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${BRIDGE_SOCKET_PATH}`;
}

/**
 * The bridge over the browser shell's WebSocket: one socket per page, opened on first use, carries
 * every call (paired with its reply by id) and the core's events. The per-launch token travels in
 * the HttpOnly cookie the shell set when its link was opened, so the page never sees it. A call
 * made while the socket is down opens it again; a lost socket fails the calls it carried, as
 * retryable errors, and reopens while anyone listens for events.
 */
export function createSocketBridge(options: SocketBridgeOptions = {}): CaseworksBridge {
  const url = options.url ?? defaultSocketUrl();
  const createSocket = options.createSocket ?? ((address: string) => new WebSocket(address));
  const reconnectDelayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const pending = new Map<number, (result: BridgeResult<unknown>) => void>();
  const listeners = new Set<(event: BridgeEvent) => void>();
  let opening: Promise<WebSocket | null> | null = null;
  /** The socket once open, until it is lost: a call on it is sent at once, not a microtask later. */
  let openSocket: WebSocket | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;

  function receive(data: unknown) {
    let message: SocketMessage;
    try {
      const parsed = SocketMessage.safeParse(JSON.parse(String(data)));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    if (message.kind === 'event') {
      for (const listener of [...listeners]) listener(message.event);
      return;
    }
    const settle = pending.get(message.id);
    pending.delete(message.id);
    settle?.(message.result);
  }

  function lost() {
    opening = null;
    openSocket = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const settle of waiting) settle(fail('internal', LOST, true));
    if (listeners.size > 0 && reconnectTimer === null) {
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        if (listeners.size > 0) void open();
      }, reconnectDelayMs);
    }
  }

  function open(): Promise<WebSocket | null> {
    if (opening) return opening;
    let socket: WebSocket;
    try {
      socket = createSocket(url);
    } catch {
      options.onLinkChange?.('stopped');
      lost();
      return Promise.resolve(null);
    }
    opening = new Promise((resolve) => {
      let opened = false;
      socket.onopen = () => {
        opened = true;
        openSocket = socket;
        options.onLinkChange?.('open');
        resolve(socket);
      };
      socket.onmessage = (message) => receive(message.data);
      // Every error is followed by a close, which is where a lost socket is handled.
      socket.onerror = () => {};
      socket.onclose = () => {
        // A socket that was open may come back (it is reopened); one that never opened found no shell.
        if (!opened) options.onLinkChange?.('stopped');
        resolve(null);
        lost();
      };
    });
    return opening;
  }

  function send(socket: WebSocket, method: string, input: unknown): Promise<BridgeResult<unknown>> {
    const id = nextId;
    nextId += 1;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, input }));
    });
  }

  /**
   * On an open socket the call is sent before this returns: a keystroke's search then leaves
   * before React renders the keystroke (its event's synchronous render runs before any microtask),
   * so the core searches while the page renders.
   */
  function call(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    if (openSocket && openSocket.readyState === openSocket.OPEN) return send(openSocket, method, input);
    return open().then((socket) => (socket && socket.readyState === socket.OPEN ? send(socket, method, input) : fail('internal', UNREACHABLE, true)));
  }

  const methods = Object.fromEntries(BRIDGE_METHODS.map((method) => [method, (input?: unknown) => call(method, input)]));
  return {
    ...methods,
    subscribe(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      void open();
      return () => {
        listeners.delete(listener);
      };
    },
  } as CaseworksBridge;
}
