import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Connection } from '../../server/db/connection';

/**
 * Runs `work` on an empty, migrated database of its own on the DATABASE_URL server, dropped after:
 * seeding on PostgreSQL copies through node-postgres (COPY FROM STDIN), which PGlite cannot stand
 * in for. `create` is added to its CREATE DATABASE (a collation, say).
 */
export async function withEmptyPostgres(work: (connection: Connection) => Promise<void>, create = ''): Promise<void> {
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `cw_seeding_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}" ${create}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const connection = await openPostgres({ databaseUrl: url.toString() });
    try {
      await work(connection);
    } finally {
      await connection.close();
    }
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}
