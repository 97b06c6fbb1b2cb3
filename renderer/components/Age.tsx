import { formatAge, formatDateTime } from '../../shared/format';
import { useNow } from '../lib/useNow';

/** "just now", "3 min ago": how long ago `at` was, kept true as time passes; the exact time on hover. */
export function Age({ at }: { at: string }) {
  const now = useNow();
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatAge(at, now)}
    </time>
  );
}
