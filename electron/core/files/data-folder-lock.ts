import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * One owner per data folder: the outbox, the offline copy, the account files and the demo
 * service's database in it are written by one process at a time. The owner keeps a lock file
 * naming itself; a second process finds it, sees the owner is alive, and refuses to start.
 *
 * The file is made whole before it appears (written to a private name, then hard-linked to the
 * lock's name, which fails if the name exists), so a reader never sees half a holder. A holder
 * whose process is gone (killed, a power cut, a reboot) is stale: the next process moves it aside
 * and takes the folder; should two do that at once, the move tells them apart.
 */
export const DATA_FOLDER_LOCK_FILE = 'caseworks.lock';

export const LockHolder = z.object({
  pid: z.number().int().positive(),
  /** The computer's name: a holder on another computer (a shared folder) cannot be checked from here. */
  host: z.string(),
  /** Changes on every boot (Linux): a holder from before a reboot is stale whatever its pid. */
  bootId: z.string().nullable(),
  /** What holds the folder, in plain words ("npm run web", "the Caseworks app"). */
  program: z.string(),
  startedAt: z.string(),
  /** Where the holder can be reached, once it knows (the browser shell's page, without its token). */
  address: z.string().nullable(),
  /** Tells this holding apart from an earlier one of a process with the same pid. */
  nonce: z.string(),
});
export type LockHolder = z.infer<typeof LockHolder>;

export interface DataFolderLock {
  readonly holder: LockHolder;
  /** Notes where the holder can be reached (a second process names it). */
  setAddress(address: string): Promise<void>;
  /** Gives the folder up (only if the lock is still this one). */
  release(): Promise<void>;
}

export type LockOutcome = { ok: true; lock: DataFolderLock } | { ok: false; holder: LockHolder | null };

export interface LockOptions {
  program: string;
  /** Is a process of this computer alive? (default: signal 0) */
  isAlive?: (pid: number) => boolean;
  host?: string;
  bootId?: string | null;
  pid?: number;
  now?: () => Date;
}

/** Takes the data folder, or says who holds it. */
export async function lockDataFolder(dataDir: string, options: LockOptions): Promise<LockOutcome> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_FOLDER_LOCK_FILE);
  const isAlive = options.isAlive ?? processIsAlive;
  const here = { host: options.host ?? os.hostname(), bootId: options.bootId === undefined ? await currentBootId() : options.bootId };
  const holder: LockHolder = {
    pid: options.pid ?? process.pid,
    ...here,
    program: options.program,
    startedAt: (options.now?.() ?? new Date()).toISOString(),
    address: null,
    nonce: randomBytes(8).toString('hex'),
  };

  // A few rounds: each either takes the folder, finds a live holder, or clears a stale one.
  for (let round = 0; round < 5; round += 1) {
    if (await createWhole(file, holder)) return { ok: true, lock: heldLock(file, holder) };
    const found = await readHolder(file);
    if (found === 'missing') continue;
    if (found !== 'unreadable' && !isStale(found, here, isAlive)) return { ok: false, holder: found };
    // A holder appears whole, so one that cannot be read is damaged: as good as stale.
    await clearStale(file, found === 'unreadable' ? null : found.nonce);
  }
  const last = await readHolder(file);
  return { ok: false, holder: typeof last === 'string' ? null : last };
}

function isStale(holder: LockHolder, here: { host: string; bootId: string | null }, isAlive: (pid: number) => boolean): boolean {
  if (holder.host !== here.host) return false;
  if (holder.bootId !== null && here.bootId !== null && holder.bootId !== here.bootId) return true;
  return !isAlive(holder.pid);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function currentBootId(): Promise<string | null> {
  return (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim() || null;
}

/** Writes the holder to a private file, syncs it, and links it to the lock's name: false if the name is taken. */
async function createWhole(file: string, holder: LockHolder): Promise<boolean> {
  const draft = `${file}.${holder.pid}-${holder.nonce}`;
  await writeSynced(draft, holder);
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: created exclusively, then written (a reader may see it empty a moment).
    return createExclusive(file, holder);
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function createExclusive(file: string, holder: LockHolder): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${JSON.stringify(holder)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

async function writeSynced(file: string, holder: LockHolder): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(holder)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readHolder(file: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const parsed = LockHolder.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Moves a stale lock aside and removes it. What was moved is checked: should it be another
 * process's fresh lock (it cleared the same stale one a moment before), it is put back.
 */
async function clearStale(file: string, staleNonce: string | null): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch {
    return;
  }
  const moved = await readHolder(aside);
  const wasTheStaleOne = typeof moved === 'string' ? staleNonce === null : moved.nonce === staleNonce;
  if (!wasTheStaleOne) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

function heldLock(file: string, initial: LockHolder): DataFolderLock {
  let holder = initial;
  const stillOurs = async () => {
    const found = await readHolder(file);
    return typeof found !== 'string' && found.nonce === holder.nonce;
  };
  return {
    get holder() {
      return holder;
    },
    async setAddress(address) {
      if (!(await stillOurs())) return;
      holder = { ...holder, address };
      const draft = `${file}.${holder.pid}-${holder.nonce}`;
      await writeSynced(draft, holder);
      await rename(draft, file);
    },
    async release() {
      if (await stillOurs()) await rm(file, { force: true });
    },
  };
}

/** Plain words on who holds a folder, for a process that found it taken. */
export function describeHolder(holder: LockHolder | null, dataDir: string): string {
  if (!holder) return `Another Caseworks is using ${dataDir} (its lock file ${DATA_FOLDER_LOCK_FILE} there could not be read).`;
  const since = holder.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const where = holder.host === os.hostname() ? 'on this computer' : `on ${holder.host}`;
  const reach = holder.address ? `; its page is ${holder.address} (open the link its terminal printed)` : '';
  return `${dataDir} is in use by ${holder.program} (process ${holder.pid} ${where}, since ${since}${reach}).`;
}
