import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { cp, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';

/**
 * Empty migrated PGlite clusters kept to be copied: a new data folder is a copy of one rather than
 * PGlite's `initdb` and the migrations, which took the seeding thread about 5 s at each creation
 * and left about 500 MB of the first instance resident (the peak of a million products' seeding).
 * A template is made once per key (pgliteTemplateKey: PGlite's version, its settings, the
 * migrations), under the system's temporary folder, and checked against its manifest before each
 * copy. The catalog's identity (catalog_feed, a random id per database) is not in a template: each
 * open makes it when missing (ensureCatalogIdentity), so no two copies share it.
 */

/** Where templates are kept unless told otherwise (PgliteOpenOptions.templatesDir). */
export const defaultTemplatesDir = (): string => join(tmpdir(), 'caseworks-pglite-templates');

/** The file of a template that lists its files and their sizes; the template is whole while they match. */
const MANIFEST = 'caseworks-template.json';
/** Copied last, so a copy cut short is no cluster: PGlite finds no PG_VERSION and the next open copies again. */
const VERSION_FILE = 'PG_VERSION';

type Manifest = Record<string, number>;

/** PGlite's version, from the package.json above its entry (the package exports no package.json). */
async function pgliteVersion(): Promise<string> {
  for (let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')); folder !== dirname(folder); folder = dirname(folder)) {
    const found = await readFile(join(folder, 'package.json'), 'utf8').catch(() => null);
    if (found === null) continue;
    const packageJson = JSON.parse(found) as { name?: string; version?: string };
    if (packageJson.name === '@electric-sql/pglite' && packageJson.version) return packageJson.version;
  }
  throw new Error("PGlite's package.json was not found");
}

async function filesUnder(root: string, folder = root): Promise<string[]> {
  const found: string[] = [];
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(root, full)));
    else if (entry.isFile()) found.push(relative(root, full));
  }
  return found;
}

/** What decides an empty migrated cluster: PGlite's version, the settings it starts with and the migrations' files. */
export async function pgliteTemplateKey(settings: readonly string[], migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion()).update('\0').update(settings.join('\n')).update('\0');
  for (const file of await filesUnder(migrationsFolder)) hash.update(file).update('\0').update(await readFile(join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Whether `folder` is this user's alone (another user's template could hold anything). */
async function ownFolder(folder: string): Promise<boolean> {
  const info = await stat(folder);
  if (!info.isDirectory()) return false;
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return false;
  return (info.mode & 0o022) === 0;
}

/** Whether every file of the manifest is in the template at its size. */
async function whole(template: string): Promise<boolean> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(template, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  const files = Object.entries(manifest);
  if (!files.some(([file]) => file === VERSION_FILE)) return false;
  for (const [file, size] of files) {
    const info = await stat(join(template, file)).catch(() => null);
    if (!info?.isFile() || info.size !== size) return false;
  }
  return true;
}

export interface TemplateMaking {
  /** Creates and migrates an empty cluster in `dataDir` and closes it. */
  create: (dataDir: string) => Promise<void>;
  key: string;
  templatesDir: string;
}

/**
 * The folder of a whole template for `key`, made first when there is none (`create`, in a folder
 * of its own, then renamed into place: processes making one at once each make their own, the first
 * rename wins). Null when templates cannot be kept there (not this user's folder).
 */
export async function emptyClusterTemplate({ create, key, templatesDir }: TemplateMaking): Promise<string | null> {
  await mkdir(templatesDir, { recursive: true, mode: 0o700 });
  if (!(await ownFolder(templatesDir))) return null;
  const template = join(templatesDir, key);
  if (await whole(template)) return template;
  const building = join(templatesDir, `building-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await create(building);
    const manifest: Manifest = {};
    for (const file of await filesUnder(building)) manifest[file] = (await stat(join(building, file))).size;
    await writeFile(join(building, MANIFEST), JSON.stringify(manifest));
    // A template found broken is replaced; one another process just made is kept.
    if (!(await whole(template))) {
      await rm(template, { recursive: true, force: true });
      await rename(building, template).catch(async (error: unknown) => {
        if (!(await whole(template))) throw error;
      });
    }
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return (await whole(template)) ? template : null;
}

/** Copies a template into `dataDir` (which may hold other files, none of a cluster's), PG_VERSION last. */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const skipped = new Set([join(template, MANIFEST), join(template, VERSION_FILE)]);
  await cp(template, dataDir, { recursive: true, filter: (source) => !skipped.has(source) });
  await copyFile(join(template, VERSION_FILE), join(dataDir, VERSION_FILE));
}
