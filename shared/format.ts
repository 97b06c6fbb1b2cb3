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

const pluralRules = new Intl.PluralRules('en-US');

/** "1 order", "2 orders", "1,200 cases": a count with the word in the form English needs for it. */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${pluralRules.select(count) === 'one' ? one : other}`;
}

/** "1 case", "12 cases": quantities are counted in cases. */
export function formatCases(count: number): string {
  return formatCount(count, 'case', 'cases');
}

/** "2019", or "NV" for a wine without a vintage. */
export const vintageLabel = (vintage: number | null): string => (vintage === null ? 'NV' : String(vintage));

/** "750 ml", "1.5 L". */
export function formatSize(sizeMl: number): string {
  return sizeMl >= 1000 ? `${formatNumber(sizeMl / 1000)} L` : `${sizeMl} ml`;
}

/** What tells two wines of the same name apart, when it is known. */
export interface WineIdentity {
  name: string;
  vintage?: number | null | undefined;
  sizeMl?: number | null | undefined;
}

/**
 * "Ashby Pinot Noir 2019 · 750 ml": a product named after it was picked, so that two wines of the
 * same name can be told apart. A vintage the name already states is not repeated. Without the
 * product's facts (an order line whose product could not be read) it is the name alone.
 */
export function formatWineName({ name, vintage, sizeMl }: WineIdentity): string {
  const year = vintage === undefined ? '' : vintageLabel(vintage);
  const withYear = year && !new RegExp(`(^|\\s)${year}($|\\s)`).test(name) ? `${name} ${year}` : name;
  return sizeMl === undefined || sizeMl === null ? withYear : `${withYear} · ${formatSize(sizeMl)}`;
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

const localDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 3, 2026": the local day of an instant. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? localDate.format(time) : '—';
}

/** A calendar date (`YYYY-MM-DD`) is shown as that day, whatever the local zone. */
export function formatCalendarDate(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(time) ? dateOnly.format(time) : '—';
}

export interface BottlePrices {
  casePriceCents: number;
  bottlePriceCents: number;
  packSize: number;
}

/**
 * "$14.17 a bottle by the case; $15.75 a single bottle — the case saves 10 %": what a bottle costs
 * bought by the case (the case price over the bottles in it, to the cent) against one bottle alone.
 * The saving is rounded down, so it never claims more than it is; when the case saves nothing, it
 * says so instead of claiming a saving.
 */
export function formatBottlePrices({ casePriceCents, bottlePriceCents, packSize }: BottlePrices): string {
  const byTheCase = Math.round(casePriceCents / Math.max(1, packSize));
  if (byTheCase === bottlePriceCents) return `${formatCents(bottlePriceCents)} a bottle, by the case or single`;
  const pair = `${formatCents(byTheCase)} a bottle by the case; ${formatCents(bottlePriceCents)} a single bottle`;
  if (byTheCase > bottlePriceCents) return `${pair} — single bottles cost less`;
  const percent = Math.floor(((bottlePriceCents - byTheCase) * 100) / bottlePriceCents);
  return `${pair} — the case saves ${percent < 1 ? 'less than 1' : percent} %`;
}
