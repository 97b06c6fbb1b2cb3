import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../electron/bridge/event-hub';

describe('the event hub', () => {
  it('delivers events to every subscriber until it unsubscribes', () => {
    const hub = createEventHub();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = hub.subscribe(first);
    hub.subscribe(second);
    hub.emit({ type: 'connectivity', online: false });
    stopFirst();
    hub.emit({ type: 'session-changed' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(hub.listenerCount()).toBe(1);
  });

  it('keeps delivering when one listener throws', () => {
    const onError = vi.fn();
    const hub = createEventHub(onError);
    const healthy = vi.fn();
    hub.subscribe(() => {
      throw new Error('listener bug');
    });
    hub.subscribe(healthy);
    hub.emit({ type: 'session-changed' });
    expect(healthy).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('tells a later subscriber the latest state event first, and no moments', () => {
    const hub = createEventHub();
    hub.emit({ type: 'offline-upgrade', done: 0, total: 46, finished: false, problem: null });
    hub.emit({ type: 'connectivity', online: false });
    hub.emit({ type: 'offline-upgrade', done: 12, total: 46, finished: false, problem: null });
    const late = vi.fn();
    hub.subscribe(late);
    expect(late.mock.calls).toEqual([[{ type: 'offline-upgrade', done: 12, total: 46, finished: false, problem: null }]]);
    const problem = { code: 'disk_full' as const, message: 'The disk is full.' };
    hub.emit({ type: 'offline-upgrade', done: 12, total: 46, finished: true, problem });
    const later = vi.fn();
    hub.subscribe(later);
    expect(later.mock.calls).toEqual([[{ type: 'offline-upgrade', done: 12, total: 46, finished: true, problem }]]);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('reports a late subscriber that throws on the replay and still subscribes it', () => {
    const onError = vi.fn();
    const hub = createEventHub(onError);
    hub.emit({ type: 'offline-upgrade', done: 1, total: 2, finished: false, problem: null });
    const seen: string[] = [];
    hub.subscribe((event) => {
      seen.push(event.type);
      if (seen.length === 1) throw new Error('listener bug');
    });
    hub.emit({ type: 'session-changed' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['offline-upgrade', 'session-changed']);
  });
});
