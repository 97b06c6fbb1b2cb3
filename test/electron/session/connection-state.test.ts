import { describe, expect, it, vi } from 'vitest';
import { createConnectionState } from '../../../electron/core/session/connection-state';

const wine = { id: 'ba_1', mode: 'custom' as const, baseUrl: 'https://wine.example.com/api/v1', account: null };
const refused = { code: 'key_refused' as const, message: 'Not accepted.', fix: 'Add the key again.' };

describe('where the session manager stands', () => {
  it('starts, is started once (a close while starting stays closed), and tells each change of connection', () => {
    const onChange = vi.fn();
    const state = createConnectionState({ onChange });
    expect(state.starting()).toBe(true);
    state.change(wine);
    expect(onChange).toHaveBeenCalledWith(wine);
    state.close();
    state.started();
    expect([state.starting(), state.closed()]).toEqual([false, true]);
  });

  it('tells a problem once, and forgets it when the connection changes (a new one starts with nothing known against it)', () => {
    const onProblemChange = vi.fn();
    const state = createConnectionState({ onChange: () => undefined, onProblemChange });
    state.change(wine);
    state.setProblem(refused);
    state.setProblem({ ...refused });
    expect(onProblemChange).toHaveBeenCalledTimes(1);
    state.change({ ...wine, account: { id: 'org_harbor', name: 'Harbor' } });
    expect(state.problem()).toEqual(refused);
    state.change({ ...wine, baseUrl: 'https://other.example.org/api/v1' });
    expect(state.problem()).toBeNull();
  });
});
