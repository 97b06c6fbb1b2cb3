/**
 * The OpenAPI document the service serves, checked with Spectral's `spectral:oas` rules
 * (`.spectral.yaml`): any finding fails, warnings and hints included. `npm test` runs it as one
 * check; `npx tsx scripts/lint-openapi.ts` runs it alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../server/openapi/document';

const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'caseworks-openapi-'));
try {
  // The same function answers GET /api/v1/openapi.json; the URL is the CLI's default address.
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument('http://127.0.0.1:4010/api/v1'), null, 2));
  const spectral = path.join(root, 'node_modules', '.bin', 'spectral');
  const run = spawnSync(spectral, ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'hint'], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
