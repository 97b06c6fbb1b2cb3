import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` on a client of the PostgreSQL server at `serverUrl`, closed after. */
export async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the server at `serverUrl`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database a test made on a PostgreSQL server, and how to drop it. */
export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database with every connection to it. */
  drop(): Promise<void>;
}

/**
 * An empty database of its own on the server at `serverUrl`, named `prefix` and random hex;
 * `create` is added to its CREATE DATABASE (a template, a collation).
 */
export async function createTestDatabase(serverUrl: string, prefix: string, create = ''): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database "${name}" ${create}`));
  return {
    name,
    url: databaseUrlFor(serverUrl, name),
    drop: () => withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
