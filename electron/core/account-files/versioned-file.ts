import { createHash } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { writeFileDurably } from '../files/durable-write';

/** Which account's files: the service it lives on (a stable name for the demo) and its id. */
export interface AccountScope {
  baseUrl: string;
  accountId: string;
}

/** The folder of one account's own files (address book, favourites), inside the app's data folder. */
export function accountFolder(dataDir: string, scope: AccountScope): string {
  const name = createHash('sha256').update(`${scope.baseUrl}\n${scope.accountId}`).digest('hex').slice(0, 16);
  return path.join(dataDir, 'accounts', name);
}

export interface VersionedFileSpec<T> {
  fileName: string;
  /** The `format` stamped in the file, so a foreign file is told apart from an old one. */
  format: string;
  version: number;
  /** One entry of the file; entries that fail it are left out, the rest kept. */
  entry: z.ZodType<T>;
  /** What the file holds, in plain words ("saved addresses"), for problem messages. */
  what: string;
}

export interface VersionedFileLoad<T> {
  entries: T[];
  /** Anything else the file keeps beside its entries (e.g. which address is the default). */
  extra: Record<string, unknown>;
  /** Plain words on what was wrong with the file, when something was; the file itself was kept aside. */
  problem: string | null;
}

/**
 * Reads a versioned file of entries. A file that cannot be trusted is never deleted: a damaged,
 * foreign or other-version file is moved aside (the store starts empty); a readable file with
 * some damaged entries keeps the good ones and leaves a copy of the original aside.
 */
export async function loadVersionedFile<T>(dir: string, spec: VersionedFileSpec<T>, stamp: string): Promise<VersionedFileLoad<T>> {
  const file = path.join(dir, spec.fileName);
  const Envelope = z.object({ format: z.literal(spec.format), version: z.literal(spec.version), entries: z.array(z.unknown()) }).loose();
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], extra: {}, problem: null };
    return setAside(file, stamp, `The ${spec.what} file could not be read`, { entries: [], extra: {} });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return setAside(file, stamp, `The ${spec.what} file was damaged`, { entries: [], extra: {} });
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    const format = (json as { format?: unknown } | null)?.format;
    const reason = format === spec.format ? 'was written by another version of the app' : 'is not a Caseworks file';
    return setAside(file, stamp, `The ${spec.what} file ${reason}`, { entries: [], extra: {} });
  }
  const { format: _format, version: _version, entries: raw, ...extra } = envelope.data;
  const entries: T[] = [];
  for (const candidate of raw) {
    const parsed = spec.entry.safeParse(candidate);
    if (parsed.success) entries.push(parsed.data);
  }
  const dropped = raw.length - entries.length;
  if (dropped === 0) return { entries, extra, problem: null };
  return setAside(file, stamp, `${dropped} damaged ${dropped === 1 ? 'entry' : 'entries'} of the ${spec.what} ${dropped === 1 ? 'was' : 'were'} left out`, { entries, extra }, text);
}

async function setAside<T>(
  file: string,
  stamp: string,
  reason: string,
  kept: { entries: T[]; extra: Record<string, unknown> },
  copy?: string,
): Promise<VersionedFileLoad<T>> {
  const aside = `${file}.damaged-${stamp.replace(/[^0-9A-Za-z]/g, '')}`;
  try {
    if (copy !== undefined) await writeFileAtomic(aside, copy);
    else await rename(file, aside);
  } catch {
    return { ...kept, problem: `${reason}; it could not be set aside.` };
  }
  return { ...kept, problem: `${reason}. It was kept as ${path.basename(aside)} for support.` };
}

/** Writes the whole file atomically (temporary file, fsync, rename). Resolves once it is on disk. */
export async function saveVersionedFile<T>(dir: string, spec: VersionedFileSpec<T>, entries: readonly T[], extra: Record<string, unknown> = {}): Promise<void> {
  await writeFileDurably(dir, spec.fileName, JSON.stringify({ format: spec.format, version: spec.version, ...extra, entries }));
}

/** One store per account, opened on first use and kept (so its changes stay in order). */
export function perAccount<T>(open: (scope: AccountScope) => T): { of(scope: AccountScope): T } {
  const opened = new Map<string, T>();
  return {
    of(scope) {
      const key = JSON.stringify([scope.baseUrl, scope.accountId]);
      let store = opened.get(key);
      if (store === undefined) {
        store = open(scope);
        opened.set(key, store);
      }
      return store;
    },
  };
}

/**
 * Where an account's store keeps its one file: read once, written whole at each change. Passed in,
 * so a test can keep it in memory; the app's is `versionedFileIn` (the file on disk).
 */
export interface VersionedFileStorage<T> {
  load(stamp: string): Promise<VersionedFileLoad<T>>;
  save(entries: readonly T[], extra?: Record<string, unknown>): Promise<void>;
}

/** The file of `spec` in the folder `dir`, on disk (loadVersionedFile, saveVersionedFile). */
export function versionedFileIn<T>(dir: string, spec: VersionedFileSpec<T>): VersionedFileStorage<T> {
  return { load: (stamp) => loadVersionedFile(dir, spec, stamp), save: (entries, extra) => saveVersionedFile(dir, spec, entries, extra) };
}

/** Where a store of one account keeps its file: in its account's folder of the data folder, or a storage given. */
export type AccountFileOptions<T> = { now: () => Date } & ({ dataDir: string; scope: AccountScope } | { storage: VersionedFileStorage<T> });

/** The storage `options` name: the one given, else the file of `spec` in the account's folder. */
export function accountFileOf<T>(options: AccountFileOptions<T>, spec: VersionedFileSpec<T>): VersionedFileStorage<T> {
  return 'storage' in options ? options.storage : versionedFileIn(accountFolder(options.dataDir, options.scope), spec);
}
