import { connect, createServer, type Server, type Socket } from 'node:net';

export interface OutageProxy {
  /** `target` with its host and port replaced by the proxy's. */
  url(): string;
  /** Any URL of the same server, e.g. another database's, rerouted through the proxy. */
  via(databaseUrl: string): string;
  /** Cuts every connection and refuses new ones, as a server that went down. */
  down(): Promise<void>;
  /** Listens again on the same port, as the server come back. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP hop on 127.0.0.1 between the service and PostgreSQL that can go down like a restarting
 * server: every connection is cut and new ones are refused until it comes back on the same port.
 */
export async function startOutageProxy(target: URL): Promise<OutageProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
      server = null;
    });
  const via = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${port}`;
    return url.toString();
  };
  await listen();
  return {
    url: () => via(target.toString()),
    via,
    down,
    up: listen,
    close: () => (server ? down() : Promise.resolve()),
  };
}
