#!/usr/bin/env node
/**
 * `npm test`: every check the project has, one after another, then one plain line
 * `N passed, N failed`. Lint, both type checks, the OpenAPI document's lint (Spectral) and the
 * build count as one check each; every vitest test counts as one. Arguments after `--` go to
 * vitest (e.g. `--project server`), and then only vitest runs. The counts are also written to
 * TEST_SUMMARY_FILE (default test-results/summary.json) so .ci/run can add up several runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const vitestArgs = process.argv.slice(2);
const onlyVitest = vitestArgs.length > 0;
const resultsDir = 'test-results';
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function check(name, command, args, env = {}) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  console.log(`== ${name}: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
  return ok;
}

if (!onlyVitest) {
  check('lint', 'npx', ['eslint', '.']);
  check('typecheck (node side)', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
  check('typecheck (web side)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  check('OpenAPI document (Spectral, spectral:oas)', 'npx', ['tsx', 'scripts/lint-openapi.ts']);
  check('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
}

const report = join(resultsDir, 'vitest.json');
rmSync(report, { force: true });
console.log(`\n== vitest ${vitestArgs.join(' ')}`);
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
  { stdio: 'inherit' },
);
let counted = false;
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A file that fails to load has no tests to count; it is still a failure.
  const brokenFiles = results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
  failed += brokenFiles.length;
  for (const file of brokenFiles) failures.push(`could not run ${file.name}`);
  // Each failed test by file and name, so the last lines of a long run say what failed.
  for (const file of results.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${relative(process.cwd(), file.name)} > ${test.fullName}`);
    }
  }
  counted = true;
} catch {
  failures.push('vitest produced no report');
}
if (!counted || (vitest.status !== 0 && failed === 0)) failed += 1;

writeFileSync(process.env.TEST_SUMMARY_FILE ?? join(resultsDir, 'summary.json'), JSON.stringify({ passed, failed, failures }, null, 2));
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
