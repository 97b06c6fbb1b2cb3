import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncEvent } from '../../../electron/core/sync/sync-context';
import { throttleProgress } from '../../../electron/core/sync/progress-throttle';

const progress = (dataset: 'catalog' | 'productDetails', done: number, finished = false): SyncEvent => ({
  type: 'sync-progress',
  dataset,
  done,
  total: 100,
  finished,
});

let sent: SyncEvent[];
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttleProgress', () => {
  it('sends the first progress at once and only the latest of the rest at the end of the interval', () => {
    const throttle = throttleProgress((event) => sent.push(event), 250);
    for (let done = 1; done <= 50; done += 1) throttle.emit(progress('productDetails', done));
    expect(sent).toEqual([progress('productDetails', 1)]);
    vi.advanceTimersByTime(249);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([progress('productDetails', 1), progress('productDetails', 50)]);
    vi.advanceTimersByTime(1_000);
    expect(sent, 'nothing more without new progress').toHaveLength(2);
  });

  it('keeps the pace per dataset and passes other events straight through', () => {
    const throttle = throttleProgress((event) => sent.push(event), 250);
    throttle.emit(progress('catalog', 1));
    throttle.emit(progress('productDetails', 1));
    throttle.emit({ type: 'data-changed', datasets: ['catalog'] });
    throttle.emit(progress('catalog', 2));
    expect(sent).toEqual([progress('catalog', 1), progress('productDetails', 1), { type: 'data-changed', datasets: ['catalog'] }]);
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)).toEqual(progress('catalog', 2));
  });

  it('sends a finishing progress at once, and no older progress of that dataset after it', () => {
    const throttle = throttleProgress((event) => sent.push(event), 250);
    throttle.emit(progress('catalog', 1));
    throttle.emit(progress('catalog', 99));
    throttle.emit(progress('catalog', 100, true));
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([progress('catalog', 1), progress('catalog', 100, true)]);
    throttle.emit(progress('catalog', 1));
    expect(sent.at(-1), 'the next run starts at once').toEqual(progress('catalog', 1));
  });

  it('drops waiting progress when cancelled', () => {
    const throttle = throttleProgress((event) => sent.push(event), 250);
    throttle.emit(progress('productDetails', 1));
    throttle.emit(progress('productDetails', 2));
    throttle.cancel();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([progress('productDetails', 1)]);
  });
});
