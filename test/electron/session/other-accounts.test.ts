import { describe, expect, it } from 'vitest';
import type { BuyerAccountEntry } from '../../../electron/core/session/account-registry';
import { createOtherAccounts } from '../../../electron/core/session/other-accounts';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';

const account = (id: string): BuyerAccountEntry => ({ id, mode: 'custom', baseUrl: `https://${id}.example/api/v1`, accountId: `org_${id}`, name: `Buyer ${id}` });

/** Account-only engines as the follower drives them: what each was asked, and a sync that can be held. */
function harness() {
  const state = { accounts: [account('a'), account('b'), account('c')], activeId: 'a' as string | null, addresses: new Map<string, string | null>(), keys: new Set(['a', 'b', 'c']) };
  const made: { id: string; baseUrl: string; syncs: number; stopped: boolean; idle: Promise<void> }[] = [];
  const others = createOtherAccounts({
    accounts: () => ({ accounts: state.accounts, activeId: state.activeId }),
    addressOf: (id) => (state.addresses.has(id) ? state.addresses.get(id)! : `https://${id}.example/api/v1`),
    hasKey: (id) => state.keys.has(id),
    engineFor: (entry, baseUrl) => {
      const record = { id: entry.id, baseUrl, syncs: 0, stopped: false, idle: Promise.resolve() };
      made.push(record);
      return {
        init: () => new Promise((resolve) => setTimeout(resolve, 5)),
        syncNow: () => {
          record.syncs += 1;
          return { started: true };
        },
        stopBackground: () => {
          record.stopped = true;
        },
        whenIdle: () => record.idle,
      } as unknown as SyncEngine;
    },
    onProblem: () => {},
  });
  return { state, made, others };
}

describe('following the other buyer accounts', () => {
  it('follows every account but the active one, and only those with a key and an address now', async () => {
    const { state, made, others } = harness();
    state.keys.delete('c');
    await others.refresh();
    expect(others.ids()).toEqual(['b']);
    state.keys.add('c');
    state.addresses.set('b', null);
    await others.refresh();
    expect(others.ids()).toEqual(['c']);
    expect(made.find((engine) => engine.id === 'b')!.stopped, 'the unreachable one is dropped').toBe(true);
  });

  it('follows nobody while signed out', async () => {
    const { state, others } = harness();
    state.activeId = null;
    await others.refresh();
    expect(others.ids()).toEqual([]);
  });

  it('follows an account again at its new address (a demo service on a new port)', async () => {
    const { state, made, others } = harness();
    await others.refresh();
    state.addresses.set('b', 'http://127.0.0.1:4000/api/v1');
    await others.refresh();
    expect(made.filter((engine) => engine.id === 'b').map((engine) => [engine.baseUrl, engine.stopped])).toEqual([
      ['https://b.example/api/v1', true],
      ['http://127.0.0.1:4000/api/v1', false],
    ]);
  });

  it('releases an account becoming active only once its sync has finished writing', async () => {
    const { state, made, others } = harness();
    await others.refresh();
    const b = made.find((engine) => engine.id === 'b')!;
    let finish!: () => void;
    b.idle = new Promise((resolve) => (finish = resolve));
    state.activeId = 'b';
    let released = false;
    const releasing = others.release('b').then(() => (released = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released, 'waits for the sync that is writing the account’s files').toBe(false);
    finish();
    await releasing;
    expect(b.stopped).toBe(true);
    await others.refresh();
    expect(others.ids().sort()).toEqual(['a', 'c']);
  });

  it('a refresh that read the accounts before a switch does not bring the newly active account back', async () => {
    const { state, others } = harness();
    state.accounts = [account('a'), account('c'), account('b')];
    // The refresh reads the accounts (a active: c and b wanted) and reads c's offline copy; then the
    // switch to b asks to release it, before the refresh has come to b.
    const refreshing = others.refresh();
    await new Promise((resolve) => setTimeout(resolve, 1));
    state.activeId = 'b';
    const releasing = others.release('b');
    await Promise.all([refreshing, releasing]);
    expect(others.ids()).not.toContain('b');
  });

  it('syncs all the followed accounts, or one', async () => {
    const { made, others } = harness();
    await others.refresh();
    others.syncNow();
    others.syncNow('c');
    expect(made.map((engine) => [engine.id, engine.syncs])).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
  });
});
