import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { SettingsStore } from '../core/platform';

/** The browser shell's settings, in its data folder. */
export const SHELL_SETTINGS_FILE = 'shell-settings.json';

/**
 * The browser shell's settings, kept in one JSON file of its data folder (written atomically and
 * synced on every change): the buyer accounts (names, services, which one is active), never a key.
 * Keys stay in memory (there is no safe storage here); what the shell keeps lets it find an
 * account, its queued orders and its offline copy again after a restart, also with the service
 * down. A file that cannot be read is moved aside and the shell starts with no settings.
 */
export function fileSettings(dataDir: string, log: (message: string) => void = () => undefined): SettingsStore {
  const file = path.join(dataDir, SHELL_SETTINGS_FILE);
  const values = new Map<string, unknown>(Object.entries(readSettings(file, log)));
  const save = () => writeFileAtomic.sync(file, `${JSON.stringify(Object.fromEntries(values), null, 2)}\n`, { fsync: true, mode: 0o600 });
  return {
    get: (key) => values.get(key),
    set(key, value) {
      values.set(key, value);
      save();
    },
    delete(key) {
      if (values.delete(key)) save();
    },
  };
}

function readSettings(file: string, log: (message: string) => void): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Set aside below.
  }
  const aside = `${file}.damaged-${Date.now()}`;
  try {
    renameSync(file, aside);
    log(`the browser shell's settings were damaged and were kept as ${aside}; the list of buyer accounts starts empty`);
  } catch {
    log(`the browser shell's settings were damaged and could not be set aside`);
  }
  return {};
}
