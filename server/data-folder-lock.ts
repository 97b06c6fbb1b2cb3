import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE } from '../shared/embedded-service';

export { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE };

/**
 * One owner per data folder, for the service and the app alike (the one implementation: it lives
 * here because both the service's CLI and the desktop's main process and browser shell may import
 * `server/`, and `shared/` runs without Node's built-ins).
 *
 * The service's PGlite folder: PGlite has no lock of its own: two processes on one folder each
 * keep their own copy of the database in memory and overwrite each other's files, losing
 * acknowledged orders. The app's data folder (`APP_DATA_FOLDER_LOCK_FILE`): its outbox, offline
 * copy, account files and the demo service's database are written by one process at a time. So,
 * as PostgreSQL does with `postmaster.pid`, a starting owner creates its lock file exclusively (write a complete temporary file, then `link` it: atomic, and it fails if
 * the name exists), with who holds the folder; a second start finds it and refuses, naming the
 * holder. A holder that died (SIGKILL, power loss) leaves the file behind: it is stale when its
 * process is gone, judged on the same machine by pid, the process's start time (so a reused pid
 * is not mistaken for the holder) and the boot (so a reboot frees it), and then taken over.
 */
export const DATA_FOLDER_LOCK_FILE = 'caseworks-service.lock';

/** The app's lock in its data folder (the Caseworks app or the browser shell). */
export const APP_DATA_FOLDER_LOCK_FILE = 'caseworks.lock';

/** Who holds a folder when the holder does not say (a service's lock file written before it did). */
const A_SERVICE = 'another Caseworks service';

/** What the lock file says about its holder. */
export const LockHolder = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** Linux: /proc/sys/kernel/random/boot_id; null elsewhere. */
  boot_id: z.string().nullable(),
  /** Seconds since the epoch when the machine booted (from its uptime); a coarse check where there is no boot id. */
  boot_time: z.number().nullable(),
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat, field 22); null elsewhere. */
  process_start: z.string().nullable(),
  started_at: z.string(),
  /** Known once the service listens. */
  port: z.number().int().nullable(),
  /** What holds the folder, in plain words ("npm run web", "the Caseworks app"). */
  program: z.string().default(A_SERVICE),
  /** Where the holder can be reached, once it knows (the browser shell's page, without its token). */
  address: z.string().nullable().default(null),
  /** Tells this holding from any other, so only its own holder removes the file. */
  nonce: z.string(),
});
export type LockHolder = z.infer<typeof LockHolder>;

/** The app's lock file as versions before this one wrote it: read as a holder, so an older app still running is not taken over. */
const EarlierAppHolder = z
  .object({ pid: z.number().int().positive(), host: z.string(), bootId: z.string().nullable(), program: z.string(), startedAt: z.string(), address: z.string().nullable(), nonce: z.string() })
  .transform(
    (earlier): LockHolder => ({
      pid: earlier.pid,
      host: earlier.host,
      boot_id: earlier.bootId,
      boot_time: null,
      process_start: null,
      started_at: earlier.startedAt,
      port: null,
      program: earlier.program,
      address: earlier.address,
      nonce: earlier.nonce,
    }),
  );

/** startService rejects with this when another live process holds the data folder. */
export class DataFolderInUseError extends Error {
  readonly code = DATA_FOLDER_IN_USE;

  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
    /** False when the holder is on another machine, so whether it still runs cannot be checked here. */
    readonly checkedHere: boolean,
  ) {
    super(describeHolder(dataDir, holder, lockFile, checkedHere));
    this.name = 'DataFolderInUseError';
  }
}

/** True for the refusal, decided by its code (an error crossing a bundle or process boundary is not an instance). */
export const isDataFolderInUse = (error: unknown): error is DataFolderInUseError =>
  (error as { code?: unknown } | null)?.code === DATA_FOLDER_IN_USE;

/** Plain words on who holds a folder, for a process that found it taken. */
export function describeHolder(dataDir: string, holder: LockHolder, lockFile: string, checkedHere: boolean): string {
  const port = holder.port === null ? '' : `, port ${holder.port}`;
  const page = holder.address === null ? '' : `; its page is ${holder.address} (open the link its terminal printed)`;
  const who = `pid ${holder.pid}${checkedHere ? '' : ` on host ${holder.host}`}, started ${holder.started_at}${port}${page}`;
  const advice = checkedHere ? 'Stop it first, or give this one another data folder.' : `If it no longer runs there, remove ${lockFile}.`;
  return `The data folder ${dataDir} is in use by ${holder.program} (${who}). ${advice}`;
}

/** What this machine and process look like, and how to look at another process; tests pass their own. */
export interface LockEnvironment {
  pid: number;
  host: string;
  bootId: string | null;
  bootTime: number;
  /** The start time of a process (see LockHolder.process_start), or null when it cannot be read. */
  processStart(pid: number): string | null;
  /** Whether a process with this pid exists (a process of another user counts). */
  processExists(pid: number): boolean;
}

const readOrNull = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
};

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses, so count after the last ')'. */
function linuxProcessStart(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export const systemLockEnvironment = (): LockEnvironment => ({
  pid: process.pid,
  host: hostname(),
  bootId: readOrNull('/proc/sys/kernel/random/boot_id'),
  bootTime: Math.round(Date.now() / 1000 - uptime()),
  processStart: linuxProcessStart,
  processExists(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
});

/** Boot times computed from the uptime drift with the clock; a reboot moves them by far more. */
const BOOT_TIME_TOLERANCE_S = 120;

type HolderState = 'alive' | 'gone' | 'elsewhere';

/** Whether the holder still runs, decided on this machine; a holder on another machine cannot be checked. */
export function holderState(holder: LockHolder, here: LockEnvironment): HolderState {
  if (holder.host !== here.host) return 'elsewhere';
  if (holder.boot_id !== null && here.bootId !== null) {
    if (holder.boot_id !== here.bootId) return 'gone';
  } else if (holder.boot_time !== null && Math.abs(holder.boot_time - here.bootTime) > BOOT_TIME_TOLERANCE_S) {
    return 'gone';
  }
  if (!here.processExists(holder.pid)) return 'gone';
  if (holder.process_start !== null) {
    const start = here.processStart(holder.pid);
    // The pid is alive but is another process than the one that wrote the file: reused.
    if (start !== null && start !== holder.process_start) return 'gone';
  }
  return 'alive';
}

export interface DataFolderLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Notes the port the service listens on, for the message a second start shows. */
  setPort(port: number): void;
  /** Notes where the holder can be reached (the browser shell's page), for the message a second start shows. */
  setAddress(address: string): void;
  /** Removes the file if this holding still owns it. */
  release(): void;
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** How long a start waits for another starter's takeover of a dead holder's folder to finish. */
const TAKEOVER_PATIENCE_MS = 10_000;

/** Waits without yielding: another starter is in the middle of a takeover that takes microseconds. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The parsed holder, or null when the file is gone; a damaged file reads as a holder-less one. */
function readHolder(file: string): { holder: LockHolder | null; raw: string } | null {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if (errno(error) === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // damaged: no holder
  }
  const holder = LockHolder.safeParse(parsed);
  const earlier = holder.success ? null : EarlierAppHolder.safeParse(parsed);
  return { holder: holder.success ? holder.data : earlier?.success ? earlier.data : null, raw };
}

/** Writes `content` completely and durably to a fresh file, then links it as `target`: false when `target` exists. */
function createExclusive(target: string, content: string): boolean {
  const temporary = `${target}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  const fd = openSync(temporary, 'wx', 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, target);
    return true;
  } catch (error) {
    if (errno(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

const unlinkIfPresent = (file: string) => {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errno(error) !== 'ENOENT') throw error;
  }
};

/** A key naming one holding of a file, for the takeover marker of that holding. */
const holdingKey = (read: { holder: LockHolder | null; raw: string }) =>
  read.holder?.nonce ?? Buffer.from(read.raw).toString('base64url').slice(0, 40);

/**
 * Removes the stale file `file` whose content was `stale`, unless another starter does so first.
 * Only the one that creates the takeover marker of that holding may remove it, so two starters
 * cannot both take over (one removing the other's fresh file). A marker left by a starter that
 * died mid-takeover is itself taken over the same way. Returns when the stale file is gone.
 */
function takeOver(file: string, stale: { holder: LockHolder | null; raw: string }, record: string, here: LockEnvironment, depth = 0): void {
  const marker = `${file}.takeover-${holdingKey(stale)}`;
  if (!createExclusive(marker, record)) {
    const other = readHolder(marker);
    if (other === null || depth >= 3) return;
    if (other.holder && holderState(other.holder, here) === 'alive') return; // it is taking over now
    takeOver(marker, other, record, here, depth + 1);
    return;
  }
  try {
    // Holding the marker: nobody else may remove this holding, and nobody can create the file while it exists.
    const current = readHolder(file);
    if (current !== null && holdingKey(current) === holdingKey(stale)) unlinkIfPresent(file);
  } finally {
    unlinkIfPresent(marker);
  }
}

export interface TakeOptions {
  /** The lock file's name in the folder: the service's (default) or the app's (APP_DATA_FOLDER_LOCK_FILE). */
  lockFile?: string;
  /** What holds the folder, in plain words, for the message a second start shows. */
  program?: string;
  here?: LockEnvironment;
  now?: Date;
}

/** The folder taken, or who holds it (a value: the caller decides what a refused start does). */
export type LockOutcome = { ok: true; lock: DataFolderLock } | { ok: false; refusal: DataFolderInUseError };

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the live holder:
 * the service's form (startService rejects with it; its CLI exits with DATA_FOLDER_IN_USE_EXIT_CODE).
 */
export function lockDataFolder(dataDir: string, here: LockEnvironment = systemLockEnvironment(), now = new Date()): DataFolderLock {
  const taken = takeDataFolder(dataDir, { here, now });
  if (!taken.ok) throw taken.refusal;
  return taken.lock;
}

/**
 * Takes the data folder for this process, or answers the refusal naming the live holder.
 * Synchronous on purpose: nothing else in this process runs between looking and taking.
 */
export function takeDataFolder(dataDir: string, options: TakeOptions = {}): LockOutcome {
  const { here = systemLockEnvironment(), now = new Date() } = options;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, options.lockFile ?? DATA_FOLDER_LOCK_FILE);
  let holder: LockHolder = {
    pid: here.pid,
    host: here.host,
    boot_id: here.bootId,
    boot_time: here.bootTime,
    process_start: here.processStart(here.pid),
    started_at: now.toISOString(),
    port: null,
    program: options.program ?? A_SERVICE,
    address: null,
    nonce: randomUUID(),
  };
  const record = () => `${JSON.stringify(holder)}\n`;
  // Another starter may be in the middle of taking a dead holder's folder over; on a busy machine it
  // can be descheduled for a while between two of its steps, so wait for it by time, not by tries.
  const deadline = Date.now() + TAKEOVER_PATIENCE_MS;
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    if (createExclusive(file, record())) {
      /** Rewrites the lock file with what is now known of its holder, if this holding still owns it. */
      const note = (known: Partial<Pick<LockHolder, 'port' | 'address'>>) => {
        const current = readHolder(file);
        if (current?.holder?.nonce !== holder.nonce) return;
        holder = { ...holder, ...known };
        const temporary = `${file}.${process.pid}.port.tmp`;
        try {
          const fd = openSync(temporary, 'w', 0o644);
          try {
            writeSync(fd, record());
            fsyncSync(fd);
          } finally {
            closeSync(fd);
          }
          renameSync(temporary, file);
        } catch {
          // Only the message of a refused start is poorer without the port or address.
          unlinkIfPresent(temporary);
        }
      };
      const lock: DataFolderLock = {
        file,
        get holder() {
          return holder;
        },
        setPort: (port) => note({ port }),
        setAddress: (address) => note({ address }),
        release() {
          const current = readHolder(file);
          if (current?.holder?.nonce === holder.nonce) unlinkIfPresent(file);
        },
      };
      return { ok: true, lock };
    }
    const found = readHolder(file);
    if (found === null) continue;
    if (found.holder) {
      const state = holderState(found.holder, here);
      if (state !== 'gone') return { ok: false, refusal: new DataFolderInUseError(dataDir, found.holder, file, state === 'alive') };
    }
    // Stale (its holder is gone) or damaged (a file is only ever created complete, so a machine crash before it reached the disk).
    takeOver(file, found, record(), here);
    pause(Math.min(50, 1 + attempt));
  }
  throw new Error(`Could not take the data folder ${dataDir}: its lock file ${file} kept changing.`);
}
