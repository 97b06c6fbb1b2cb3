import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { OutboxEntry } from '../../../shared/bridge';
import { writeFileDurably } from '../files/durable-write';

export const OUTBOX_FILE_NAME = 'outbox.json';
const OUTBOX_FORMAT = 'caseworks-outbox';
const OUTBOX_VERSION = 1;

const Envelope = z.object({
  format: z.literal(OUTBOX_FORMAT),
  version: z.literal(OUTBOX_VERSION),
  entries: z.array(z.unknown()),
});

export interface OutboxLoadResult {
  entries: OutboxEntry[];
  /** Plain words on what was wrong with the file, when something was; the file itself was kept aside. */
  problem: string | null;
  /** Where the damaged file was moved or copied, for support. */
  setAsidePath: string | null;
}

/**
 * Reads the outbox file. A file that cannot be trusted is never deleted: a damaged or foreign file
 * is moved aside and the outbox starts empty; a readable file with some damaged entries keeps the
 * good entries and leaves a copy of the original aside.
 */
export async function loadOutboxFile(dataDir: string, stamp: string): Promise<OutboxLoadResult> {
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], problem: null, setAsidePath: null };
    return setAside(file, stamp, 'The queued orders file could not be read', []);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return setAside(file, stamp, 'The queued orders file was damaged', []);
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    const format = (json as { format?: unknown } | null)?.format;
    const reason = format === OUTBOX_FORMAT ? 'was written by another version of the app' : 'is not a Caseworks outbox';
    return setAside(file, stamp, `The queued orders file ${reason}`, []);
  }
  const entries: OutboxEntry[] = [];
  for (const candidate of envelope.data.entries) {
    const parsed = OutboxEntry.safeParse(candidate);
    if (parsed.success) entries.push(parsed.data);
  }
  const dropped = envelope.data.entries.length - entries.length;
  if (dropped === 0) return { entries, problem: null, setAsidePath: null };
  return setAside(file, stamp, `${dropped} damaged queued ${dropped === 1 ? 'order was' : 'orders were'} left out`, entries, { copy: text });
}

async function setAside(
  file: string,
  stamp: string,
  reason: string,
  entries: OutboxEntry[],
  options: { copy?: string } = {},
): Promise<OutboxLoadResult> {
  const aside = `${file}.damaged-${stamp.replace(/[^0-9A-Za-z]/g, '')}`;
  try {
    if (options.copy !== undefined) await writeFileAtomic(aside, options.copy);
    else await rename(file, aside);
  } catch {
    return { entries, problem: `${reason}; it could not be set aside.`, setAsidePath: null };
  }
  return { entries, problem: `${reason}. It was kept as ${path.basename(aside)} for support.`, setAsidePath: aside };
}

/** Writes the whole outbox atomically (temporary file, fsync, rename). Resolves once it is on disk. */
export async function saveOutboxFile(dataDir: string, entries: readonly OutboxEntry[]): Promise<void> {
  await writeFileDurably(dataDir, OUTBOX_FILE_NAME, JSON.stringify({ format: OUTBOX_FORMAT, version: OUTBOX_VERSION, entries }));
}
