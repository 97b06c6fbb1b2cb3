import { createHash } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OutboxEntry, type OutboxProblem } from '../../../shared/bridge';
import { writeFileDurably } from '../files/durable-write';
import { salvageLegacyEntries } from './legacy-outbox';
import type { OutboxStorage } from './outbox';

/**
 * The outbox on disk: one record per line, each with its own checksum, so a damaged or cut
 * record costs that order alone and every other one is still read.
 *
 *     {"format":"caseworks-outbox","version":2,"entries":3}
 *     <checksum> <one entry as JSON>
 *     …
 *
 * The checksum is the first 16 hex digits of the SHA-256 of the entry's JSON text; the header says
 * how many records follow, so a file cut short says how many orders it lost. The whole file is
 * written atomically (temporary file, fsync, rename, folder fsync) on every change.
 */
export const OUTBOX_FILE_NAME = 'outbox.jsonl';
/** The outbox of before version 2: one JSON document. Read once, turned into `OUTBOX_FILE_NAME`, then removed. */
export const LEGACY_OUTBOX_FILE_NAME = 'outbox.json';
const OUTBOX_FORMAT = 'caseworks-outbox';
const OUTBOX_VERSION = 2;
const LEGACY_VERSION = 1;
const CHECKSUM_DIGITS = 16;

/** The first line: any JSON object is a header (a record line is never JSON), ours only with our format. */
interface Header {
  format: unknown;
  version: unknown;
  /** How many records follow, when the header says. */
  entries: number | undefined;
}
const RecordCount = z.number().int().nonnegative();

export interface OutboxLoadResult {
  entries: OutboxEntry[];
  /** What could not be read, when something could not; the damaged file was kept aside. */
  problem: OutboxProblem | null;
}

/** The outbox file in one folder, as an outbox's storage. */
export function outboxFileIn(folder: string): OutboxStorage {
  return { load: (stamp) => loadOutboxFile(folder, stamp), save: (entries) => saveOutboxFile(folder, entries) };
}

export function checksumOf(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, CHECKSUM_DIGITS);
}

/** One entry as its line of the file (without the line break). */
export function recordLine(entry: OutboxEntry): string {
  const json = JSON.stringify(entry);
  return `${checksumOf(json)} ${json}`;
}

/**
 * Reads an outbox folder. Every record that can be read is kept; a file with records that cannot
 * is copied aside (`<file>.damaged-<stamp>`) and the problem says how many were lost and where the
 * copy is. A file that is not an outbox of this version is moved aside whole and the outbox starts
 * empty. A file of before version 2 is read (what can be read of it, even cut short) and written
 * again in this format at once.
 */
export async function loadOutboxFile(dataDir: string, stamp: string): Promise<OutboxLoadResult> {
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  const text = await readText(file);
  if (text === 'missing') return migrateLegacy(dataDir, stamp);
  if (text === 'unreadable') return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file could not be read' }, []);

  const lines = text.split('\n');
  let first = 0;
  const header = headerOf(lines[0] ?? '');
  if (header) {
    first = 1;
    if (header.format !== OUTBOX_FORMAT) return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file is not a Caseworks outbox' }, []);
    if (header.version !== OUTBOX_VERSION) {
      return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file was written by another version of Caseworks' }, []);
    }
  }
  const entries: OutboxEntry[] = [];
  const seen = new Set<string>();
  let damaged = 0;
  let records = 0;
  for (const line of lines.slice(first)) {
    if (line.trim() === '') continue;
    const entry = entryOfLine(line);
    if (!entry) {
      damaged += 1;
      continue;
    }
    records += 1;
    if (!seen.has(entry.id)) {
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  if (header?.entries !== undefined) {
    // Records cut off the end leave no line to count: the header says how many there were.
    const unreadable = Math.max(damaged, header.entries - records);
    if (unreadable === 0) return { entries, problem: null };
    return setAside(file, stamp, { unreadable, reason: damagedReason(unreadable, entries.length) }, entries, { copy: text });
  }
  if (header && damaged === 0) return { entries, problem: null };
  // Without the header's count, the damaged lines are all that can be counted (the first of them may
  // be the header itself): at least that many orders, or an unknown number, were lost.
  const atLeast = header ? damaged : Math.max(0, damaged - 1);
  const reason = atLeast === 0 ? 'The queued orders file was damaged: how many orders it held is not known' : damagedReason(atLeast, entries.length, true);
  return setAside(file, stamp, { unreadable: atLeast === 0 ? null : atLeast, reason }, entries, { copy: text });
}

/** Writes the whole outbox atomically and durably; then the file of before version 2, if any, goes. */
export async function saveOutboxFile(dataDir: string, entries: readonly OutboxEntry[]): Promise<void> {
  const lines = [JSON.stringify({ format: OUTBOX_FORMAT, version: OUTBOX_VERSION, entries: entries.length }), ...entries.map(recordLine)];
  await writeFileDurably(dataDir, OUTBOX_FILE_NAME, `${lines.join('\n')}\n`);
  await rm(path.join(dataDir, LEGACY_OUTBOX_FILE_NAME), { force: true });
}

function headerOf(line: string): Header | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const { format, version, entries } = json as Record<string, unknown>;
  const count = RecordCount.safeParse(entries);
  return { format, version, entries: count.success ? count.data : undefined };
}

function entryOfLine(line: string): OutboxEntry | null {
  const space = line.indexOf(' ');
  if (space !== CHECKSUM_DIGITS) return null;
  const json = line.slice(space + 1);
  if (checksumOf(json) !== line.slice(0, space)) return null;
  try {
    const parsed = OutboxEntry.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function readText(file: string): Promise<string | 'missing' | 'unreadable'> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
}

/**
 * The outbox of before version 2: read as much of it as can be read (the entries before a cut
 * too), written again in this format, and removed (by `saveOutboxFile`) only once the new file is
 * on disk. Damaged, it is copied aside first.
 */
async function migrateLegacy(dataDir: string, stamp: string): Promise<OutboxLoadResult> {
  const file = path.join(dataDir, LEGACY_OUTBOX_FILE_NAME);
  const text = await readText(file);
  if (text === 'missing') return { entries: [], problem: null };
  if (text === 'unreadable') return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file could not be read' }, []);
  const read = salvageLegacyEntries(text, { format: OUTBOX_FORMAT, version: LEGACY_VERSION });
  if (read.kind === 'foreign') return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file is not a Caseworks outbox' }, []);
  if (read.kind === 'other-version') {
    return setAside(file, stamp, { unreadable: null, reason: 'The queued orders file was written by another version of Caseworks' }, []);
  }
  const entries: OutboxEntry[] = [];
  let unreadable = read.unreadable;
  for (const candidate of read.entries) {
    const parsed = OutboxEntry.safeParse(candidate);
    if (parsed.success) entries.push(parsed.data);
    else unreadable += 1;
  }
  const lost = read.cut ? Math.max(1, unreadable) : unreadable;
  const loaded = lost === 0 ? { entries, problem: null } : await setAside(file, stamp, { unreadable: lost, reason: damagedReason(lost, entries.length, read.cut) }, entries, { copy: text });
  // The new file is written at once (unless a damaged old file could not be copied aside: it stays
  // for support, and is read again next time); should that fail, the old one stays too.
  if (lost === 0 || loaded.problem?.keptAs) await saveOutboxFile(dataDir, entries).catch(() => undefined);
  return loaded;
}

/** `atLeast`: how many orders the file held is not known, so `unreadable` is a lower bound. */
function damagedReason(unreadable: number, kept: number, atLeast = false): string {
  const orders = (count: number) => `${count} queued ${count === 1 ? 'order' : 'orders'}`;
  const lost = `${atLeast ? 'At least ' : ''}${orders(unreadable)} could not be read (the file was damaged)`;
  return kept === 0 ? lost : `${lost}. The other ${orders(kept)} ${kept === 1 ? 'was' : 'were'} read and ${kept === 1 ? 'is' : 'are'} kept`;
}

async function setAside(
  file: string,
  stamp: string,
  what: { unreadable: number | null; reason: string },
  entries: OutboxEntry[],
  options: { copy?: string } = {},
): Promise<OutboxLoadResult> {
  const aside = `${file}.damaged-${stamp.replace(/[^0-9A-Za-z]/g, '')}`;
  try {
    if (options.copy !== undefined) await writeFileDurably(path.dirname(aside), path.basename(aside), options.copy);
    else await rename(file, aside);
  } catch {
    return { entries, problem: { unreadable: what.unreadable, keptAs: null, message: `${what.reason}. The damaged file could not be kept aside.` } };
  }
  return { entries, problem: { unreadable: what.unreadable, keptAs: aside, message: `${what.reason}. The damaged file was kept as ${aside}.` } };
}
