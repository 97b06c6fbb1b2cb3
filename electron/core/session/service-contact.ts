import type { AccountBook } from './account-book';
import type { BuyerAccountEntry } from './account-registry';
import type { ConnectionState } from './connection-state';
import { problemOfFirstContact, type KeySource } from './first-contact';
import { matchesKeyFingerprint } from './key-fingerprint';
import type { Connection, VerifyOutcome } from './session-types';

/** The connection to a preset service whose key was not accepted (so no account is known). */
export const PRESET_ACCOUNT = 'preset';

export interface ServiceContactOptions {
  state: ConnectionState;
  book: AccountBook;
  /** A service named by the environment (browser shell): used instead of the demo, key in memory. */
  presetService?: { baseUrl: string; apiKey: string };
  memoryOnlyKeys: boolean;
  /** `GET /account`, bounded for the first contact (see first-contact.ts). */
  firstContact(baseUrl: string, apiKey: string): Promise<VerifyOutcome>;
  newAccountId(): string;
  /** Makes a registered account the active one. */
  activate(entry: BuyerAccountEntry): Connection;
}

/**
 * The first contact with an account's service, made without holding up a sign-in: what it finds
 * becomes the session's problem (a refused key, no answer), and it is made again when connectivity
 * comes back. The browser shell's preset service (named by the environment) is signed in to here.
 */
export function createServiceContact({ state, book, presetService, memoryOnlyKeys, firstContact, newAccountId, activate }: ServiceContactOptions) {
  let rechecking: Promise<void> | null = null;

  /** Is the account's key given by the environment (the browser shell's CASEWORKS_API_KEY)? */
  function keySourceOf(id: string): KeySource {
    return presetService && book.keys.inMemory(id) === presetService.apiKey ? 'environment' : 'saved';
  }

  /** A bounded first contact with a custom account's service, in the background: what it finds becomes the session's problem. */
  async function check(id: string): Promise<void> {
    const entry = book.entryOf(id);
    const key = book.keyOf(id);
    if (!entry || entry.mode !== 'custom' || key === null) return;
    // In the background: whatever goes wrong here is no more than "nothing learned".
    let outcome: VerifyOutcome | null;
    try {
      outcome = (await firstContact(entry.baseUrl, key)) ?? null;
    } catch {
      return;
    }
    if (!outcome || state.closed() || state.current()?.id !== id) return;
    state.setProblem(outcome.ok ? null : problemOfFirstContact(outcome.error, entry.baseUrl, keySourceOf(id)));
  }

  /** The first contact with the preset service: its account signed in to, or what stands in the way. */
  async function presetContact(preset: { baseUrl: string; apiKey: string }): Promise<void> {
    const outcome = await firstContact(preset.baseUrl, preset.apiKey);
    if (state.closed()) return;
    if (outcome.ok) {
      const entry = book.upsert({ id: newAccountId(), mode: 'custom', baseUrl: preset.baseUrl, accountId: outcome.account.id, name: outcome.account.name });
      // In memory, with its fingerprint where keys are kept in memory only (so a restart knows it offline).
      if (memoryOnlyKeys) book.keys.keep(entry.id, preset.apiKey, false);
      else book.keys.holdInMemory(entry.id, preset.apiKey);
      book.keys.dropFromMemory(PRESET_ACCOUNT);
      state.setLastProblem(null);
      if (state.current()?.id === entry.id) state.setProblem(null);
      else activate(entry);
      return;
    }
    state.setLastProblem(outcome.error.message);
    if (!state.current()) {
      book.keys.holdInMemory(PRESET_ACCOUNT, preset.apiKey);
      state.change({ id: PRESET_ACCOUNT, mode: 'custom', baseUrl: preset.baseUrl, account: null });
    }
    state.setProblem(problemOfFirstContact(outcome.error, preset.baseUrl, 'environment'));
  }

  return {
    check,

    /**
     * A service named by the environment (browser shell): signed in as its account, key in memory.
     * A key seen before (its fingerprint kept with the account) signs in at once, so a shell started
     * while its service is down has the account, its queued orders and its offline copy; then the
     * first contact (bounded) says whether the service answers and takes the key.
     */
    async startPreset(preset: { baseUrl: string; apiKey: string }): Promise<void> {
      const known = book
        .list()
        .find((entry) => entry.mode === 'custom' && entry.baseUrl === preset.baseUrl && matchesKeyFingerprint(book.settings, entry.id, preset.apiKey));
      if (known) {
        book.keys.holdInMemory(known.id, preset.apiKey);
        activate(known);
      }
      await presetContact(preset);
    },

    /**
     * The service answers again (connectivity came back): a first contact that found no answer is
     * made again, and a preset service whose account was not known yet is signed in to now.
     */
    recheck(): Promise<void> {
      rechecking ??= (async () => {
        const connection = state.current();
        if (state.closed() || state.starting() || !connection) return;
        if (presetService && connection.baseUrl === presetService.baseUrl && (connection.id === PRESET_ACCOUNT || keySourceOf(connection.id) === 'environment')) {
          if (state.problem()?.code !== 'key_refused') await presetContact(presetService);
          return;
        }
        const problem = state.problem()?.code;
        if (connection.mode === 'custom' && (problem === 'not_answering' || problem === 'unreachable')) await check(connection.id);
      })().finally(() => {
        rechecking = null;
      });
      return rechecking;
    },
  };
}
