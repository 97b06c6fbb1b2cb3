/**
 * `npx tsx --expose-gc bench/fetch-held-memory.ts` (or `node --expose-gc --import tsx …`): the
 * memory of a process that fetches N answers of about BYTES bytes of JSON (4,014 of 350 kB: a
 * million-product first sync through the feed) with `fetch` and `response.json()`, CONCURRENCY at
 * a time, as bench:core's plain fetch does, from a local server in a child process. HOLD=1 keeps
 * every parsed answer until the last arrives (`Promise.all` of the answers, as the plain fetch did
 * before); otherwise each is let go once parsed. Prints resident memory by kind and the heap at the
 * peak and after a full garbage collection.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';

const N = Number(process.env.N ?? 4014);
const BYTES = Number(process.env.BYTES ?? 350_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);

function status(): string {
  const text = readFileSync('/proc/self/status', 'utf8');
  const mb = (name: string) => (Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024).toFixed(0);
  const memory = process.memoryUsage();
  return `rss ${mb('VmRSS')} MB (anonymous ${mb('RssAnon')}, file ${mb('RssFile')}); heap used ${(memory.heapUsed / 1e6).toFixed(0)} MB of ${(memory.heapTotal / 1e6).toFixed(0)} MB`;
}

if (process.argv[2] === 'serve') {
  const item = { id: 'x', name: 'A wine name of some length', description: 'd'.repeat(300), tasting_notes: 't'.repeat(200), price: 1234 };
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: Math.ceil(BYTES / 600) }, (_, i) => ({ ...item, id: `p${i}` })), next_cursor: 'c', has_more: true }));
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
} else {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(message as number)));
  console.log('before:', status());
  const limit = pLimit(CONCURRENCY);
  const url = `http://127.0.0.1:${port}/`;
  // The answers live only inside this call, so they can be collected once it returns.
  const fetchAll = async () => {
    const answers = await Promise.all(
      Array.from({ length: N }, () => limit(async () => (process.env.HOLD ? (await fetch(url)).json() : void (await (await fetch(url)).json())))),
    );
    console.log(`${answers.length} answers of ${BYTES} bytes, ${CONCURRENCY} at a time, ${process.env.HOLD ? 'all held until the last' : 'each let go once parsed'}:`, status());
  };
  await fetchAll();
  await new Promise((resolve) => setTimeout(resolve, 500));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log('after a full garbage collection:', status());
  child.kill();
}
