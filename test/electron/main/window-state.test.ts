import { describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS, restoreBounds } from '../../../electron/main/window-state';

const display = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];

describe('remembered window bounds', () => {
  it('restores sane bounds that are on a display', () => {
    expect(restoreBounds({ x: 100, y: 50, width: 1200, height: 800 }, display)).toEqual({ x: 100, y: 50, width: 1200, height: 800 });
  });

  it('keeps the size but lets the system place a window whose display is gone', () => {
    expect(restoreBounds({ x: 4000, y: 50, width: 1200, height: 800 }, display)).toEqual({ width: 1200, height: 800 });
  });

  it('ignores damaged settings and clamps tiny or huge sizes', () => {
    expect(restoreBounds('garbage', display)).toEqual(DEFAULT_BOUNDS);
    expect(restoreBounds({ width: 'wide', height: 800 }, display)).toEqual(DEFAULT_BOUNDS);
    expect(restoreBounds({ width: 10, height: 1e9 }, display)).toEqual({ width: 900, height: 10_000 });
  });
});
