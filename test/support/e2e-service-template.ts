import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { startService } from '../../server/main';
import { REPO_ROOT } from './e2e-build';
import { sharedTmpdir } from './temporary-root';

const TEMPLATES_DIR = path.join(sharedTmpdir(), 'caseworks-e2e-templates');
/** What decides the seeded data: the demo generator, the storage code and the pricing rules. */
const SEED_SOURCES = ['server/demo', 'server/db', 'server/store', 'shared/pricing.ts', 'shared/deals.ts', 'shared/split-case.ts'].map((source) => path.join(REPO_ROOT, source));

function hashFolder(hash: ReturnType<typeof createHash>, folder: string) {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) hashFolder(hash, full);
    else if (statSync(full).isFile()) hash.update(path.relative(REPO_ROOT, full)).update(readFileSync(full));
  }
}

export function templateKey(catalogSize: number): string {
  const hash = createHash('sha256');
  for (const source of SEED_SOURCES) {
    if (statSync(source).isDirectory()) hashFolder(hash, source);
    else hash.update(readFileSync(source));
  }
  return `${catalogSize}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * A seeded service data folder for a catalog size, made once and reused while the service's code
 * is unchanged: seeding takes tens of seconds on a busy machine, reopening a copy a few.
 */
export async function seededServiceTemplate(catalogSize: number): Promise<string> {
  const template = path.join(TEMPLATES_DIR, templateKey(catalogSize));
  if (existsSync(path.join(template, 'demo-credentials.json'))) return template;
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  const building = path.join(TEMPLATES_DIR, `building-${process.pid}-${randomBytes(4).toString('hex')}-${catalogSize}`);
  rmSync(building, { recursive: true, force: true });
  const started = Date.now();
  const service = await startService({ dataDir: building, catalogSize, logger: false });
  await service.close();
  const key = path.basename(template);
  for (const stale of readdirSync(TEMPLATES_DIR).filter((name) => name.startsWith(`${catalogSize}-`) && name !== key)) {
    rmSync(path.join(TEMPLATES_DIR, stale), { recursive: true, force: true });
  }
  // Test files of other projects may seed the same template at the same time: the first one wins.
  if (existsSync(path.join(template, 'demo-credentials.json'))) {
    rmSync(building, { recursive: true, force: true });
    return template;
  }
  rmSync(template, { recursive: true, force: true });
  try {
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(template, 'demo-credentials.json'))) throw error;
  }
  console.log(`[e2e] seeded a ${catalogSize}-product demo service template in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return template;
}

/** A private copy of the template for one run of the app. */
export function copyServiceTemplate(template: string, destination: string): void {
  mkdirSync(path.dirname(destination), { recursive: true });
  cpSync(template, destination, { recursive: true });
}
