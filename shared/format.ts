// Formatters are made once: `toLocaleString` builds a new one on every call, which made number
// formatting the renderer's most expensive function while search results re-rendered.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const plainNumber = new Intl.NumberFormat('en-US');

/** "1,234": counts, with thousands separators. */
export function formatNumber(value: number): string {
  return plainNumber.format(value);
}

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "1 case", "12 cases": quantities are counted in cases. */
export function formatCases(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'case' : 'cases'}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago": how old a piece of data is. */
export function formatAge(fromIso: string | number, now: number = Date.now()): string {
  const from = typeof fromIso === 'number' ? fromIso : Date.parse(fromIso);
  if (!Number.isFinite(from)) return 'unknown';
  const age = Math.max(0, now - from);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateTime.format(time) : '—';
}

/** A calendar date (`YYYY-MM-DD`) is shown as that day, whatever the local zone. */
export function formatCalendarDate(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(time) ? dateOnly.format(time) : '—';
}
