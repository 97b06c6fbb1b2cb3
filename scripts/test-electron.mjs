#!/usr/bin/env node
/**
 * `npm run test:electron`: a smoke test of the real Electron app, for machines that have the
 * Electron binary. It builds the app, launches it with playwright-core's Electron driver on a
 * throw-away profile, and checks that
 *   1. the window loads the app from app://,
 *   2. the bridge answers (the app signs in to the embedded demo service),
 *   3. a call from a foreign page through the same preload is refused (forbidden_sender),
 *   4. the demo buyer's API key appears nowhere the page can see (DOM, storage, bridge answers).
 * Where the binary cannot be had it says so in one line and exits 1: it did not run and is not a
 * pass. `npm test` and `.ci/run` do not run it.
 */
/* global window, document -- page.evaluate bodies run in the app page */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronExecutable } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executable = electronExecutable();
if (!executable) {
  console.error('test:electron did not run: the Electron binary is not installed on this machine and cannot be downloaded.');
  process.exit(1);
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { _electron } = await import('playwright-core');
const profile = mkdtempSync(path.join(tmpdir(), 'caseworks-electron-'));
const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
};

/** Every file under `dir` named `name`. */
function findFiles(dir, name) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findFiles(full, name));
    else if (entry === name) found.push(full);
  }
  return found;
}

const app = await _electron.launch({ executablePath: executable, args: ['.', `--user-data-dir=${profile}`], cwd: root, timeout: 60_000 });
try {
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  check('the window loads the app from app://', page.url().startsWith('app://'), page.url());

  const session = await page.evaluate(() => window.caseworks.useDemoService());
  check('the bridge answers: signed in to the embedded demo service', session?.ok === true && session.data?.mode === 'demo', JSON.stringify(session?.error ?? ''));

  const preloadPath = path.join(root, 'dist-electron', 'preload', 'index.cjs');
  const foreign = await app.evaluate(async ({ BrowserWindow }, preload) => {
    const window = new BrowserWindow({ show: false, webPreferences: { preload, contextIsolation: true, sandbox: true } });
    try {
      await window.loadURL('data:text/html,<p>not Caseworks</p>');
      return await window.webContents.executeJavaScript('window.caseworks.getSession()');
    } finally {
      window.destroy();
    }
  }, preloadPath);
  check('a call from a foreign page is refused', foreign?.ok === false && foreign.error?.code === 'forbidden_sender', JSON.stringify(foreign));

  const keys = findFiles(profile, 'demo-credentials.json').flatMap((file) =>
    JSON.parse(readFileSync(file, 'utf8')).buyers.map((buyer) => buyer.api_key),
  );
  const seen = await page.evaluate(async () => {
    const answers = await Promise.all([window.caseworks.getSession(), window.caseworks.getAccount(), window.caseworks.getSyncStatus()]);
    return [document.documentElement.outerHTML, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), JSON.stringify(answers)].join('\n');
  });
  check('the demo keys exist in main', keys.length > 0, `${keys.length} found`);
  check('no key reaches the page', keys.every((key) => !seen.includes(key)));
} finally {
  await app.close().catch(() => undefined);
  rmSync(profile, { recursive: true, force: true });
}

const failed = results.filter((ok) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
