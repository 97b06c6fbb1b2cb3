import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_PAUSE_MS, noteSearchKeystroke, useTypingStore } from '../../../renderer/app/typingStore';

describe('typing store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useTypingStore.setState({ typing: false });
    vi.useRealTimers();
  });

  it('counts the buyer as typing from a keystroke until a pause after the last one', () => {
    const seen: boolean[] = [];
    const unsubscribe = useTypingStore.subscribe((state) => seen.push(state.typing));
    noteSearchKeystroke();
    expect(useTypingStore.getState().typing).toBe(true);
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    noteSearchKeystroke();
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    expect(useTypingStore.getState().typing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useTypingStore.getState().typing).toBe(false);
    unsubscribe();
    expect(seen).toEqual([true, false]);
  });
});
