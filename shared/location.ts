import { usStateCodeOf, US_STATES } from './schemas/us-states';

/** "St. Helena, CA" → { city: "St. Helena", state: "CA" }; the last comma-separated part is the state. */
export function splitLocation(location: string): { city: string; state: string } {
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length < 2) return { city: parts[0] ?? '', state: '' };
  return { city: parts.slice(0, -1).join(', '), state: parts.at(-1)! };
}

/** The state's name for a known code ("OR" → "Oregon"), else what was given. */
export function stateName(state: string): string {
  const code = usStateCodeOf(state);
  return code ? US_STATES[code] : state;
}
