import { describe, expect, it } from 'vitest';
import { nextPhase, SESSION_TRANSITIONS, shownIn, type SessionPhase } from '../../../electron/core/session/session-phase';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';

describe('where the session stands: one state at a time', () => {
  it('refuses a change that is not one of its transitions, and nothing follows closed', () => {
    const engine = { init: async () => undefined } as unknown as SyncEngine;
    const phases: SessionPhase[] = [
      { name: 'starting', provisional: engine },
      { name: 'switching', reading: null },
      { name: 'signed-in', active: { connection: { id: 'ba_1', mode: 'demo', baseUrl: 'http://127.0.0.1:5000/api/v1', account: null }, client: {} as never, engine } },
      { name: 'signed-out', kept: engine },
      { name: 'closed' },
    ];
    for (const from of phases) {
      for (const to of phases) {
        if (from.name === 'closed') expect(nextPhase(from, to)).toBeNull();
        else if (SESSION_TRANSITIONS[from.name].includes(to.name)) expect(nextPhase(from, to)).toBe(to);
        else expect(() => nextPhase(from, to), `${from.name} → ${to.name}`).toThrow(/cannot go from/);
      }
    }
    // Signed in is reached only through switching; the screens read the provisional copy while starting.
    expect(() => nextPhase(phases[0]!, phases[2]!)).toThrow();
    expect(shownIn(phases[0]!)).toBe(engine);
    expect(shownIn(phases[4]!)).toBeNull();
  });
});
