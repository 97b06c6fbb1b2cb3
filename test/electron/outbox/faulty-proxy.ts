import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with the n-th matching order POST (n from 1): `fail` answers `503` with an
 * HTML page, as a bad gateway would, without reaching the service; `forward-then-fail` lets it
 * reach the service and throws the answer away (the order exists, the app sees 503); `pass`
 * forwards it.
 */
export type Fault = 'fail' | 'forward-then-fail' | 'pass';

/**
 * A fault-injecting HTTP proxy on 127.0.0.1 and a free port, in front of a real service. Order
 * POSTs whose body `matches` are treated as `plan` says; everything else passes through untouched.
 */
export interface FaultyProxy {
  /** The proxy's address with the target's path, e.g. `http://127.0.0.1:PORT/api/v1`. */
  baseUrl: string;
  /** Matching order POSTs answered 503, and when (ms since the proxy started). */
  readonly failedAt: number[];
  /** Order POSTs that reached the service, with whether they matched and when. */
  readonly forwarded: Array<{ matches: boolean; at: number }>;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string, matches: (body: string) => boolean, plan: (attempt: number) => Fault): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const state = { matching: 0, failedAt: [] as number[], forwarded: [] as Array<{ matches: boolean; at: number }> };

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const isOrder = incoming.method === 'POST' && /\/orders$/.test(incoming.url ?? '');
      const matching = isOrder && matches(body.toString('utf8'));
      const fault: Fault = matching ? plan((state.matching += 1)) : 'pass';
      const faulty = fault !== 'pass';
      if (fault === 'fail') {
        state.failedAt.push(since());
        badGateway(outgoing);
        return;
      }
      if (isOrder) state.forwarded.push({ matches: matching, at: since() });
      forward(incoming, body, (answer) => {
        if (faulty) {
          answer.resume();
          state.failedAt.push(since());
          badGateway(outgoing);
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      }, () => badGateway(outgoing));
    });
  });

  function forward(incoming: IncomingMessage, body: Buffer, onAnswer: (answer: IncomingMessage) => void, onError: () => void) {
    const headers = { ...incoming.headers, host: upstream.host };
    const out = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers }, onAnswer);
    out.on('error', onError);
    out.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    failedAt: state.failedAt,
    forwarded: state.forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function badGateway(outgoing: ServerResponse) {
  outgoing.writeHead(503, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
  outgoing.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
}
