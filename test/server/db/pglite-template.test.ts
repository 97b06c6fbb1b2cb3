import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SETTINGS, DEFAULT_MIGRATIONS_FOLDER } from '../../../server/db/connection';
import { rowsOf } from '../../../server/db/database';
import { pgliteTemplateKey } from '../../../server/db/pglite-template';

const root = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What tells clusters apart: the system identifier initdb makes, and the catalog's identity. */
async function identities(dataDir: string, templatesDir: string | null): Promise<{ system: string; catalog: string[] }> {
  const connection = await openPglite({ dataDir, templatesDir });
  try {
    const [system] = rowsOf<{ id: string }>(await connection.db.execute(sql`select system_identifier::text as id from pg_control_system()`));
    const catalog = rowsOf<{ id: string }>(await connection.db.execute(sql`select catalog_id as id from catalog_feed`)).map((row) => row.id);
    return { system: system?.id ?? '', catalog };
  } finally {
    await connection.close();
  }
}

describe('new PGlite data folders from a template of an empty migrated cluster', () => {
  const templates = path.join(root, 'templates');

  it('copies one template into each new folder, each with a catalog identity of its own', async () => {
    const first = await identities(path.join(root, 'a'), templates);
    const second = await identities(path.join(root, 'b'), templates);
    // A copy keeps the cluster's system identifier; initdb makes a new one each time.
    expect(second.system).toBe(first.system);
    expect(first.catalog).toHaveLength(1);
    expect(second.catalog).toHaveLength(1);
    expect(second.catalog[0]).not.toBe(first.catalog[0]);
    const key = await pgliteTemplateKey(PGLITE_SETTINGS, DEFAULT_MIGRATIONS_FOLDER);
    expect(readdirSync(templates)).toEqual([key]);
  }, 120_000);

  it('keeps the identity a folder was given when it is opened again', async () => {
    const before = await identities(path.join(root, 'a'), templates);
    const after = await identities(path.join(root, 'a'), templates);
    expect(after).toEqual(before);
  }, 120_000);

  it('makes the template again when one of its files is gone', async () => {
    const key = await pgliteTemplateKey(PGLITE_SETTINGS, DEFAULT_MIGRATIONS_FOLDER);
    const before = await identities(path.join(root, 'c'), templates);
    rmSync(path.join(templates, key, 'global', 'pg_control'));
    const after = await identities(path.join(root, 'd'), templates);
    expect(after.system).not.toBe(before.system);
    expect(after.catalog).toHaveLength(1);
    expect(await identities(path.join(root, 'e'), templates)).toMatchObject({ system: after.system });
  }, 120_000);

  it('creates each folder by initdb without templates', async () => {
    const first = await identities(path.join(root, 'f'), null);
    const second = await identities(path.join(root, 'g'), null);
    expect(second.system).not.toBe(first.system);
    expect(second.catalog[0]).not.toBe(first.catalog[0]);
  }, 120_000);
});
