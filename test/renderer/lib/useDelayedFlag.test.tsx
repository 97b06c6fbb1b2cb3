import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from '../../../renderer/lib/useDelayedFlag';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedFlag', () => {
  it('turns true only after the flag has stayed true for the delay, and false at once', () => {
    const { result, rerender } = renderHook(({ flag }) => useDelayedFlag(flag, 300), { initialProps: { flag: false } });
    expect(result.current).toBe(false);
    rerender({ flag: true });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ flag: false });
    expect(result.current).toBe(false);
  });

  it('never turns true for work that ends within the delay', () => {
    const { result, rerender } = renderHook(({ flag }) => useDelayedFlag(flag, 300), { initialProps: { flag: true } });
    act(() => vi.advanceTimersByTime(200));
    rerender({ flag: false });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(false);
    rerender({ flag: true });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current, 'the delay starts over').toBe(false);
  });
});
