/**
 * The US states, the District of Columbia and the territories by their two-letter postal codes,
 * with their names: a supplier's location says "St. Helena, CA", and a buyer searching suppliers
 * types "california" or "oregon".
 */
export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
};

/** "St. Helena, CA" → { city: "St. Helena", state: "CA" }; the last comma-separated part is the state. */
export function splitLocation(location: string): { city: string; state: string } {
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length < 2) return { city: parts[0] ?? '', state: '' };
  return { city: parts.slice(0, -1).join(', '), state: parts.at(-1)! };
}

/** The state's name for a known code ("OR" → "Oregon"), else what was given. */
export const stateName = (state: string): string => US_STATE_NAMES[state.toUpperCase()] ?? state;
