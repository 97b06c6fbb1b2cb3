// Runs the README's `npm run web` as a user would, opens the printed URL, makes one bridge call
// through the page's transport, and stops it. Prints `1 passed, 0 failed` or the reason it failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-web-smoke-'));
const child = spawn('npm', ['run', 'web'], {
  env: { ...process.env, CASEWORKS_DATA_DIR: dataDir, CASEWORKS_PORT: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
const fail = (reason) => finish(false, reason);
const deadline = setTimeout(() => fail('npm run web printed no URL within 5 minutes'), 300_000);

let probing = false;
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
  const match = output.match(/Open (http:\/\/127\.0\.0\.1:\d+\/\S*)/);
  if (match && !probing) {
    probing = true;
    clearTimeout(deadline);
    probe(match[1]).then(() => finish(true), (error) => fail(error.message));
  }
});
child.on('exit', (code) => fail(`npm run web exited early with code ${code}`));

async function probe(url) {
  const page = await fetch(url, { redirect: 'manual' });
  const cookie = page.headers.get('set-cookie')?.split(';')[0];
  const html = page.status === 200 ? await page.text() : await (await fetch(new URL('/', url), { headers: { cookie } })).text();
  if (!html.includes('<div id="root"')) throw new Error('the page is not the Caseworks app');
  const origin = new URL(url).origin;
  // The first start signs in to the demo service in the background; its buyer is known once that is done.
  let result;
  for (const started = Date.now(); ; ) {
    const session = await fetch(`${origin}/bridge/getSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: '{}',
    });
    result = await session.json();
    if (!result.ok || result.data.mode !== 'demo') throw new Error(`getSession answered ${JSON.stringify(result)}`);
    if (result.data.account?.name) break;
    if (Date.now() - started > 120_000) throw new Error('the demo buyer was not signed in within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const unauthenticated = await fetch(`${origin}/bridge/getSession`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (unauthenticated.status !== 401) throw new Error(`a call without the token got ${unauthenticated.status}, not 401`);
  console.log(`web smoke: the app page loads and the bridge answers as the demo buyer ${result.data.account.name}`);
}

let finished = false;
function finish(passed, reason) {
  if (finished) return;
  finished = true;
  if (!passed) console.log(`web smoke failed: ${reason}`);
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // The process group is already gone.
  }
  setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(passed ? '1 passed, 0 failed' : '0 passed, 1 failed');
    process.exit(passed ? 0 : 1);
  }, 3_000);
}
