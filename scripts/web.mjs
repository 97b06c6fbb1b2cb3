#!/usr/bin/env node
/**
 * `npm run web`: runs the browser shell `vite build` made (dist-electron/main/web-shell.js), which
 * first checks that it is newer than its sources; when it is not, or there is no build, the
 * shell's TypeScript source runs through tsx in this process (electron/web/web-shell.ts, as
 * `tsx electron/web/cli.ts` runs it). The source builds the renderer when it is stale, so a fresh
 * clone needs `npm ci` and this command only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** What the built shell answered ('started' or 'stale'), or 'none' when there is no build it could load. */
async function runBuiltShell() {
  const built = path.join(root, 'dist-electron', 'main', 'web-shell.js');
  if (!existsSync(built)) return 'none';
  let shell;
  try {
    shell = await import(pathToFileURL(built).href);
  } catch (error) {
    console.error(`The built shell could not be loaded (${error instanceof Error ? error.message : String(error)}); running it from source.`);
    return 'none';
  }
  return typeof shell.runWebShell === 'function' ? shell.runWebShell(args, process.env, 'build') : 'none';
}

if ((await runBuiltShell()) !== 'started') {
  const { register } = await import('tsx/esm/api');
  register();
  const { runWebShell } = await import(pathToFileURL(path.join(root, 'electron', 'web', 'web-shell.ts')).href);
  await runWebShell(args, process.env, 'source');
}
