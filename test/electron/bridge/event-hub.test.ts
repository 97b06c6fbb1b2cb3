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
});
