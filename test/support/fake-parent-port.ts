/**
 * Preload (`node --import`) that gives a plain Node process what Electron gives a utilityProcess:
 * `process.parentPort`, an emitter of `message` events `{ data }` with `postMessage()`. Messages to
 * the parent go out as JSON lines on file descriptor 3; messages from the parent come in as JSON
 * lines on stdin. Start the process without an IPC channel, so `process.send` is absent and only
 * the parentPort path can answer.
 */
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

const toParent = createWriteStream('', { fd: 3 });
const parentPort = Object.assign(new EventEmitter(), {
  postMessage(message: unknown) {
    toParent.write(`${JSON.stringify(message)}\n`);
  },
});
createInterface({ input: process.stdin }).on('line', (line) => parentPort.emit('message', { data: JSON.parse(line) as unknown }));
// A utility process is kept alive by its service, not by its parent's pipe.
process.stdin.unref();

Object.assign(process, { parentPort });
