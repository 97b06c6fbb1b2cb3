import { describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../../shared/bridge/session';
import { createBuyerAccountHandlers } from '../../../electron/bridge/handlers/buyer-accounts';
import { createSessionHandlers } from '../../../electron/bridge/handlers/session';
import { failWith, succeed } from '../../../electron/core/failure';
import type { Session } from '../../../electron/core/session/session-interface';

const info = { mode: 'custom', baseUrl: 'https://wholesale.example/api/v1', account: { id: 'org_harbor', name: 'Harbor Wines' } } as unknown as SessionInfo;

/** A fake of the session's small interface: every member watched, nothing behind it. */
function fakeSession(): Session & { [K in keyof Session]: ReturnType<typeof vi.fn> } {
  return {
    active: vi.fn(() => null),
    shown: vi.fn(() => null),
    phase: vi.fn(() => 'signed-in' as const),
    info: vi.fn(() => info),
    reachable: vi.fn(() => true),
    onChange: vi.fn(() => () => undefined),
    switchTo: vi.fn(async () => succeed(undefined)),
    add: vi.fn(async () => succeed(undefined)),
    addDemoBuyer: vi.fn(async () => succeed(undefined)),
    useDemo: vi.fn(async () => succeed(undefined)),
    connect: vi.fn(async () => succeed(undefined)),
    signOut: vi.fn(async () => ({ keptQueuedOrders: 2 })),
    remove: vi.fn(async () => ({ keptQueuedOrders: 1 })),
    list: vi.fn(async () => []),
    demoBuyers: vi.fn(async () => []),
    outbox: vi.fn(),
    syncNow: vi.fn(() => true),
  } as never;
}

describe('the session’s and the accounts’ handlers over a fake session (they ask it, and run no flow of their own)', () => {
  it('a switch is the session’s switchTo, answered with the session as it is after it', async () => {
    const session = fakeSession();
    const handlers = createBuyerAccountHandlers(session);
    expect(await handlers.switchBuyerAccount({ id: 'acct_2' })).toEqual(succeed(info));
    expect(session.switchTo).toHaveBeenCalledWith('acct_2');
    expect(session.info).toHaveBeenCalledTimes(1);
  });

  it('a refusal of the session comes back as the same value, and the session is not asked what it is', async () => {
    const session = fakeSession();
    const refused = failWith('not_found', 'No such account.');
    session.switchTo.mockResolvedValueOnce(refused);
    expect(await createBuyerAccountHandlers(session).switchBuyerAccount({ id: 'acct_9' })).toBe(refused);
    expect(session.info).not.toHaveBeenCalled();
  });

  it('sign-out and removal are the session’s, with the orders they kept on disk', async () => {
    const session = fakeSession();
    expect(await createSessionHandlers(session).signOut()).toEqual(succeed({ keptQueuedOrders: 2 }));
    expect(await createBuyerAccountHandlers(session).removeBuyerAccount({ id: 'acct_2' })).toEqual(succeed({ keptQueuedOrders: 1 }));
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(session.remove).toHaveBeenCalledWith('acct_2');
  });
});
