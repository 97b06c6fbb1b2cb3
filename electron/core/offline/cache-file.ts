import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import {
  CACHE_FORMAT,
  CACHE_VERSION,
  CacheHeader,
  type CacheContents,
  type CacheLinesWrite,
  type CacheProblemReason,
  type StoreScope,
  type CacheWrite,
} from './cache-format';
import { concatCooperatively, forEachCooperatively, sha256Cooperatively, splitCooperatively } from './cooperative';

export type CacheReadResult<R> =
  | { kind: 'ok'; contents: CacheContents<R> }
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: CacheProblemReason; detail: string };

export interface CacheExpectation {
  dataset: string;
  scope: StoreScope;
}

const NEWLINE = 0x0a;
const HEADER_PROBE_BYTES = 64 * 1024;
const HEADER_MAX_BYTES = 16 * 1024 * 1024;

const invalid = (reason: CacheProblemReason, detail: string) => ({ kind: 'invalid' as const, reason, detail });

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

function checkHeader(raw: string, expected: CacheExpectation): { header: CacheHeader } | ReturnType<typeof invalid> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid('corrupt', 'the header is not valid JSON');
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== CACHE_FORMAT) return invalid('foreign', 'not a Caseworks cache file');
  const header = CacheHeader.safeParse(parsed);
  if (!header.success) return invalid('corrupt', 'the header is malformed');
  if (header.data.version !== CACHE_VERSION) {
    return invalid('outdated', `written by cache version ${header.data.version}, this app reads version ${CACHE_VERSION}`);
  }
  if (header.data.dataset !== expected.dataset) return invalid('foreign', `holds ${header.data.dataset}, not ${expected.dataset}`);
  const { baseUrl, accountId } = header.data.scope;
  if (baseUrl !== expected.scope.baseUrl || accountId !== expected.scope.accountId) {
    return invalid('foreign', 'belongs to another service or account');
  }
  return { header: header.data };
}

/** Reads only the header line: cheap enough to show dataset ages at start-up. */
export async function readCacheHeader(file: string, expected: CacheExpectation): Promise<CacheReadResult<never> | { kind: 'header'; header: CacheHeader }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    return invalid('unreadable', (error as Error).message);
  }
  try {
    // The header holds one ETag per page, so it grows with the catalog: read on until its newline.
    let probe = Buffer.alloc(0);
    let end = -1;
    while (end < 0 && probe.length < HEADER_MAX_BYTES) {
      const chunk = Buffer.alloc(HEADER_PROBE_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, HEADER_PROBE_BYTES, probe.length);
      if (bytesRead === 0) break;
      const searchFrom = probe.length;
      probe = Buffer.concat([probe, chunk.subarray(0, bytesRead)]);
      end = probe.indexOf(NEWLINE, searchFrom);
    }
    if (end < 0) return invalid(probe.length === 0 ? 'truncated' : 'corrupt', 'the header line is incomplete');
    const checked = checkHeader(probe.toString('utf8', 0, end), expected);
    return 'header' in checked ? { kind: 'header', header: checked.header } : checked;
  } finally {
    await handle.close();
  }
}

/**
 * Reads and verifies a whole cache file, leaving each record as the bytes of its line. Never throws
 * for bad content: a file that cannot be trusted comes back as `invalid` with the reason, for the
 * caller to set aside and rebuild.
 */
export async function readCacheLines(file: string, expected: CacheExpectation): Promise<CacheReadResult<Buffer>> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    return invalid('unreadable', (error as Error).message);
  }
  const headerEnd = data.indexOf(NEWLINE);
  if (headerEnd < 0) return invalid(data.length === 0 ? 'truncated' : 'corrupt', 'the header line is incomplete');
  const checked = checkHeader(data.toString('utf8', 0, headerEnd), expected);
  if (!('header' in checked)) return checked;
  const { header } = checked;

  const body = data.subarray(headerEnd + 1);
  if (body.length < header.bodyBytes) return invalid('truncated', `${body.length} of ${header.bodyBytes} bytes present`);
  if (body.length > header.bodyBytes) return invalid('corrupt', 'extra bytes after the last record');
  if ((await sha256Cooperatively(body)) !== header.sha256) return invalid('corrupt', 'the checksum does not match');
  if (body.length > 0 && body[body.length - 1] !== NEWLINE) return invalid('corrupt', 'the last record is incomplete');

  const lines = await splitCooperatively(body, NEWLINE);
  if (lines.length !== header.records) return invalid('corrupt', `expected ${header.records} records, found ${lines.length}`);
  return { kind: 'ok', contents: { header, records: lines } };
}

/**
 * Reads, verifies and parses a whole cache file. Each line is decoded on its own, within the
 * cooperative loop: decoding a 30 MB body as one string held the thread for ~250 ms.
 */
export async function readCacheFile<R>(file: string, expected: CacheExpectation): Promise<CacheReadResult<R>> {
  const read = await readCacheLines(file, expected);
  if (read.kind !== 'ok') return read;
  const lines = read.contents.records;
  const records = new Array<R>(lines.length);
  try {
    await forEachCooperatively(lines.length, (index) => {
      records[index] = JSON.parse(lines[index]!.toString('utf8')) as R;
    });
  } catch {
    return invalid('corrupt', 'a record is not valid JSON');
  }
  return { kind: 'ok', contents: { header: read.contents.header, records } };
}

/** Serializes and writes a dataset atomically (temporary file, fsync, rename). Returns the header written. */
export async function writeCacheFile<R>(
  file: string,
  identity: CacheExpectation,
  write: CacheWrite<R>,
): Promise<{ header: CacheHeader; bytes: number }> {
  const lines = new Array<Buffer>(write.records.length);
  await forEachCooperatively(write.records.length, (index) => {
    lines[index] = Buffer.from(JSON.stringify(write.records[index]), 'utf8');
  });
  return writeCacheLines(file, identity, { savedAt: write.savedAt, etags: write.etags, count: write.count, meta: write.meta, lines });
}

/**
 * Writes records that are already serialized, one JSON text per entry of `lines` (without its
 * newline). Nothing here builds the body as one string or copies it in one go, so a 50,000-product
 * catalog is written without holding the event loop.
 */
export async function writeCacheLines(
  file: string,
  identity: CacheExpectation,
  write: CacheLinesWrite,
): Promise<{ header: CacheHeader; bytes: number }> {
  const { lines } = write;
  const hash = createHash('sha256');
  const newline = Uint8Array.of(NEWLINE);
  let bodyBytes = 0;
  await forEachCooperatively(lines.length, (index) => {
    const line = lines[index]!;
    hash.update(line).update(newline);
    bodyBytes += line.byteLength + 1;
  });
  const header: CacheHeader = {
    format: CACHE_FORMAT,
    version: CACHE_VERSION,
    dataset: identity.dataset,
    scope: identity.scope,
    savedAt: write.savedAt,
    etags: write.etags,
    count: write.count,
    records: lines.length,
    bodyBytes,
    sha256: hash.digest('hex'),
    meta: write.meta ?? {},
  };
  const content = await concatCooperatively([Buffer.from(JSON.stringify(header), 'utf8'), ...lines], NEWLINE);
  await writeFileAtomic(file, content);
  return { header, bytes: content.length };
}
