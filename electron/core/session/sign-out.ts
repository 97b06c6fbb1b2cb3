import type { AccountBook } from './account-book';
import type { BuyerAccountEntry } from './account-registry';
import type { AccountSwitching } from './account-switching';
import type { ConnectionState } from './connection-state';
import type { DemoLifecycle } from './demo-lifecycle';
import type { Connection } from './session-types';

/**
 * Leaving an account: signing out of the active one, or removing any one. Either forgets the
 * account and its key; its queued orders and own files stay on disk (sent or used again if it is
 * added again). What the account's offline data becomes is the session's to decide.
 */
export function createSignOut({ state, book, switching, lifecycle }: { state: ConnectionState; book: AccountBook; switching: AccountSwitching; lifecycle: DemoLifecycle }) {
  return {
    /** Forgets the active account and its key; no account is active after. */
    signOut(): Connection | null {
      const previous = state.current();
      if (previous) book.forget(previous.id);
      book.keys.dropFromMemory(previous?.id ?? '');
      state.setLastProblem(null);
      book.setActive(null, true);
      state.change(null);
      return previous;
    },

    /** Forgets an account and its key. When it was active, the next account becomes active, or none. */
    async remove(id: string): Promise<{ removed: BuyerAccountEntry | null; next: Connection | null }> {
      const wasActive = state.current()?.id === id;
      const removed = book.forget(id);
      if (!wasActive) return { removed, next: state.current() };
      state.setLastProblem(null);
      const following = book.list()[0] ?? null;
      const signedIn = following ? await switching.signInAs(following).catch(() => null) : null;
      const next = signedIn?.ok ? signedIn.data : switching.activate(null);
      await lifecycle.stopIfUnused();
      return { removed, next };
    },
  };
}
