import { type CaseworksBridge } from '../../shared/bridge/api';
import { BRIDGE_METHODS } from '../../shared/bridge/contract';
import type { BridgeEvent } from '../../shared/bridge/events';
import { fail, type BridgeResult } from '../../shared/bridge/result';

export interface HttpBridgeOptions {
  /** The shell's origin; the page's own origin by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  createEventSource?: (url: string) => EventSource;
}

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (!value || typeof value !== 'object') return false;
  const record = value as { ok?: unknown; error?: unknown };
  return record.ok === true || (record.ok === false && typeof record.error === 'object' && record.error !== null);
}

/**
 * The bridge over the browser shell's loopback HTTP transport: each method is `POST
 * /bridge/<method>`, events arrive as server-sent events. The per-launch token travels in the
 * HttpOnly cookie the shell set when its link was opened, so the page never sees it.
 */
export function createHttpBridge(options: HttpBridgeOptions = {}): CaseworksBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));

  async function call(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/bridge/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
        credentials: 'same-origin',
      });
    } catch {
      return fail('internal', 'Caseworks is not running: start it again with npm run web.', true);
    }
    if (response.status === 401) return fail('forbidden_sender', 'This page is not signed in to Caseworks: open the link printed by npm run web.');
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return fail('internal', `Caseworks answered with an unreadable response (HTTP ${response.status}).`, true);
    }
    return isBridgeResult(body) ? body : fail('internal', 'Caseworks answered with an unexpected response.', true);
  }

  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | null = null;

  function openStream() {
    source = createEventSource(`${baseUrl}/bridge/events`);
    source.onmessage = (message: { data: unknown }) => {
      let event: BridgeEvent;
      try {
        event = JSON.parse(String(message.data)) as BridgeEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    };
  }

  const methods = Object.fromEntries(BRIDGE_METHODS.map((method) => [method, (input?: unknown) => call(method, input)]));
  return {
    ...methods,
    subscribe(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      if (!source) openStream();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  } as CaseworksBridge;
}
