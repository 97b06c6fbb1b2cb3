import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

/**
 * Sends a whole request as a client that writes everything before reading anything (as Python's
 * http.client or curl with a file do), then reads the answer: its status line, or the error that
 * ended the connection instead (a reset, a broken pipe).
 */
function uploadThenRead(port: number, key: string, size: number, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    let answer = '';
    let failed: string | null = null;
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failed ??= error.code ?? 'error';
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.startsWith('HTTP/1.1 ') ? answer.slice(0, 12) : (failed ?? 'closed without an answer')));
    const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${size}`;
    socket.write(`POST /api/v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`);
    const block = Buffer.alloc(256 * 1024, 0x20);
    for (let sent = 0; sent < size; sent += block.length) {
      socket.write(chunked ? Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')]) : block);
    }
    socket.end(chunked ? '0\r\n\r\n' : '', () => socket.resume());
  });
}

describe('a body over the limit (1 MB) is answered 413, not reset', () => {
  it('2–20 MB, with Content-Length and chunked, from a client that reads only after writing all of it', async () => {
    const port = Number(new URL(harness.baseUrl).port);
    const answers: string[] = [];
    for (const megabytes of [2, 5, 10, 20]) {
      for (const chunked of [false, true]) answers.push(await uploadThenRead(port, harness.buyerA.api_key, megabytes * 1024 * 1024, chunked));
    }
    expect(answers).toEqual(Array(8).fill('HTTP/1.1 413'));
  }, 120_000);
});
