import { describe, expect, it, vi } from 'vitest';
import { createConnectivity } from '../../../electron/core/connection/connectivity';

function manualTimers() {
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  return {
    intervals,
    timers: {
      setInterval: (callback: () => void, ms: number) => {
        intervals.set(next, { callback, ms });
        return next++;
      },
      clearInterval: (handle: unknown) => void intervals.delete(handle as number),
    },
    fire() {
      for (const { callback } of [...intervals.values()]) callback();
    },
  };
}

describe('connectivity', () => {
  it('flips on request outcomes and tells only about flips', () => {
    const onChange = vi.fn();
    const clock = manualTimers();
    const connectivity = createConnectivity({ probe: async () => true, onChange, timers: clock.timers });
    connectivity.report(true);
    connectivity.report(false);
    connectivity.report(false);
    connectivity.report(true);
    expect(onChange.mock.calls).toEqual([[false], [true]]);
    expect(connectivity.online).toBe(true);
  });

  it('probes often while offline and notices the service coming back', async () => {
    const onChange = vi.fn();
    const clock = manualTimers();
    let reachable = false;
    const connectivity = createConnectivity({
      probe: async () => reachable,
      onChange,
      timers: clock.timers,
      offlineProbeMs: 1_000,
      onlineProbeMs: 60_000,
    });
    expect([...clock.intervals.values()].map((interval) => interval.ms)).toEqual([60_000]);
    connectivity.report(false);
    expect([...clock.intervals.values()].map((interval) => interval.ms)).toEqual([1_000]);
    expect(await connectivity.check()).toBe(false);
    reachable = true;
    clock.fire();
    await vi.waitFor(() => expect(connectivity.online).toBe(true));
    expect(onChange.mock.calls).toEqual([[false], [true]]);
    expect([...clock.intervals.values()].map((interval) => interval.ms)).toEqual([60_000]);
  });

  it('treats a probe that throws as offline, shares one probe at a time, and stops cleanly', async () => {
    const clock = manualTimers();
    const probe = vi.fn(async () => {
      throw new Error('no route');
    });
    const connectivity = createConnectivity({ probe, onChange: () => {}, timers: clock.timers });
    const [first, second] = await Promise.all([connectivity.check(), connectivity.check()]);
    expect([first, second]).toEqual([false, false]);
    expect(probe).toHaveBeenCalledTimes(1);
    connectivity.stop();
    expect(clock.intervals.size).toBe(0);
    connectivity.report(true);
    expect(connectivity.online).toBe(false);
  });
});

describe('connectivity after a change of service', () => {
  it('tells when a reset brings it back online', () => {
    const onChange = vi.fn();
    const connectivity = createConnectivity({ probe: async () => true, onChange, timers: manualTimers().timers });
    connectivity.report(false);
    connectivity.reset(true);
    connectivity.reset(true);
    expect(onChange.mock.calls).toEqual([[false], [true]]);
  });
});
