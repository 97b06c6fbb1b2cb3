import { useEffect, useState } from 'react';

/**
 * True once `flag` has stayed true for `delayMs`, false as soon as it is false: a "working…"
 * indicator that does not flash (or get announced) for work that finishes at once.
 */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [flag, delayMs]);
  return flag && shown;
}
