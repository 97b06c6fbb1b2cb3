import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answeredWith: number;
  /** When the request arrived (ms since the epoch). */
  receivedAt: number;
}

export interface ReceiverOptions {
  /** How long each answer takes, as a slow receiver's would. */
  delayMs?: number;
}

/** A real webhook receiver on 127.0.0.1 and a free port; each path answers with its queued statuses, then 204. */
export async function startReceiver(options: ReceiverOptions = {}): Promise<{
  url: (path: string) => string;
  received: ReceivedDelivery[];
  answerNext(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}> {
  const received: ReceivedDelivery[] = [];
  const answers = new Map<string, number[]>();
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.get(request.url ?? '')?.shift() ?? 204;
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answeredWith: status, receivedAt });
      if (!options.delayMs) {
        response.writeHead(status).end();
        return;
      }
      const timer = setTimeout(() => {
        pending.delete(timer);
        response.writeHead(status).end();
      }, options.delayMs);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answerNext: (path, ...statuses) => answers.set(path, [...(answers.get(path) ?? []), ...statuses]),
    close: () =>
      new Promise((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
