import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GuardedPool } from '../../../server/db/guarded-pool';
import { DatabaseUnavailableError } from '../../../server/db/unavailable';

/**
 * A loopback stand-in for a PostgreSQL server that goes away mid-query: it completes the startup
 * (AuthenticationOk, ReadyForQuery), then cuts the connection when the first query arrives.
 */
async function startVanishingServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let started = false;
    socket.on('data', () => {
      if (started) {
        socket.destroy();
        return;
      }
      started = true;
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function poolOnVanishingServer(): Promise<GuardedPool> {
  const server = await startVanishingServer();
  cleanups.push(server.close);
  const pool = new GuardedPool({ connectionString: `postgres://caseworks@127.0.0.1:${server.port}/caseworks`, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end().catch(() => undefined));
  return pool;
}

describe('the guarded pool, when the database goes away mid-query', () => {
  it('pool.query (as drizzle calls it) rejects with DatabaseUnavailableError, not the client\'s raw "Connection terminated"', async () => {
    const pool = await poolOnVanishingServer();
    const failure = await pool.query({ text: 'select 1' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('pool.query with a callback gets DatabaseUnavailableError too', async () => {
    const pool = await poolOnVanishingServer();
    const failure = await new Promise<unknown>((resolve) => {
      pool.query('select 1', (error: unknown) => resolve(error));
    });
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('a client checked out of the pool (a transaction) gets DatabaseUnavailableError', async () => {
    const pool = await poolOnVanishingServer();
    const client = await pool.connect();
    const failure = await client.query('begin').catch((error: unknown) => error);
    client.release(true);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('a refused connection is DatabaseUnavailableError', async () => {
    const server = await startVanishingServer();
    await server.close();
    const pool = new GuardedPool({ connectionString: `postgres://caseworks@127.0.0.1:${server.port}/caseworks`, connectionTimeoutMillis: 2_000 });
    cleanups.push(() => pool.end().catch(() => undefined));
    const failure = await pool.query('select 1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
  });
});
