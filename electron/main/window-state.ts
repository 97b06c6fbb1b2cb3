export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface DisplayArea {
  workArea: { x: number; y: number; width: number; height: number };
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };
export const WINDOW_BOUNDS_SETTING = 'window.bounds';

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The remembered bounds when they are sane and at least partly on a display that still exists
 * (a monitor may have been unplugged since); otherwise the default size, centred by the system.
 */
export function restoreBounds(saved: unknown, displays: DisplayArea[]): WindowBounds {
  if (!saved || typeof saved !== 'object') return DEFAULT_BOUNDS;
  const { x, y, width, height } = saved as Record<string, unknown>;
  if (!isFiniteNumber(width) || !isFiniteNumber(height)) return DEFAULT_BOUNDS;
  const size = {
    width: Math.round(Math.min(Math.max(width, MIN_SIZE.width), 10_000)),
    height: Math.round(Math.min(Math.max(height, MIN_SIZE.height), 10_000)),
  };
  if (!isFiniteNumber(x) || !isFiniteNumber(y)) return size;
  const visible = displays.some(({ workArea }) => {
    const overlapX = Math.min(x + size.width, workArea.x + workArea.width) - Math.max(x, workArea.x);
    const overlapY = Math.min(y + size.height, workArea.y + workArea.height) - Math.max(y, workArea.y);
    return overlapX >= 100 && overlapY >= 50;
  });
  return visible ? { x: Math.round(x), y: Math.round(y), ...size } : size;
}
