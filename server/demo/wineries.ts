import { demoId, type Random } from './prng';
import { IMPORT_REGIONS, IMPORTER_TOWNS, US_REGIONS, type WineRegion } from './vocabulary/regions';
import { IMPORTER_NAMES, STREETS, WINERY_FIRST, WINERY_SUFFIX } from './vocabulary/names';

export interface DemoSupplier {
  id: string;
  name: string;
  dbaName: string | null;
  /** "City, ST" */
  location: string;
  region: string;
  address: string;
  createdAt: Date;
  /** The regions whose wines it sells: its own for a winery, a few abroad for an importer. */
  sources: readonly WineRegion[];
  isImporter: boolean;
  /** Letters that start its SKUs. */
  skuCode: string;
  /** The 5-digit manufacturer part of its UPC codes. */
  upcManufacturer: string;
  /** Relative share of the catalog. */
  weight: number;
}

/** How many wineries each US region gets (32 in all), plus the importers. */
const WINERIES_PER_REGION: Record<string, number> = {
  'Napa Valley': 6,
  'Sonoma County': 6,
  'Paso Robles': 3,
  'Santa Barbara County': 3,
  Lodi: 2,
  'Willamette Valley': 4,
  'Columbia Valley': 3,
  'Finger Lakes': 2,
  Monticello: 1,
  'Texas Hill Country': 2,
};

const DAY_MS = 86_400_000;

function uniqueCode(name: string, taken: Set<string>): string {
  const letters = name
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 0)
    .map((word) => (word[0] as string).toUpperCase())
    .join('')
    .padEnd(3, 'X')
    .slice(0, 3);
  let code = letters;
  for (let suffix = 2; taken.has(code); suffix += 1) code = `${letters}${suffix}`;
  taken.add(code);
  return code;
}

export function generateSuppliers(random: Random, now: Date): DemoSupplier[] {
  const suppliers: DemoSupplier[] = [];
  const codes = new Set<string>();
  const firstNames = random.sample(WINERY_FIRST, WINERY_FIRST.length);
  const street = () => `${random.int(100, 9899)} ${random.pick(STREETS)}`;
  const created = () => new Date(Math.floor((now.getTime() - random.int(400, 1800) * DAY_MS) / 1000) * 1000);
  const common = (name: string, dbaName: string | null, town: readonly [string, string, string]) => ({
    id: demoId(random, 'sup'),
    name,
    dbaName,
    location: `${town[0]}, ${town[1]}`,
    address: `${street()}, ${town[0]}, ${town[1]} ${town[2]}`,
    createdAt: created(),
    skuCode: uniqueCode(dbaName ?? name, codes),
    upcManufacturer: String(10000 + suppliers.length * 2111 + random.int(0, 999)).slice(0, 5),
    weight: 0.5 + random.next() * 1.5,
  });

  for (const region of US_REGIONS) {
    const count = WINERIES_PER_REGION[region.name] ?? 0;
    for (let index = 0; index < count; index += 1) {
      const first = firstNames.pop() as string;
      const name = `${first} ${random.pick(WINERY_SUFFIX)}`;
      const dbaName = random.chance(0.35) ? `${first} Wines` : null;
      const town = random.pick(region.towns ?? []);
      suppliers.push({ ...common(name, dbaName, town), region: region.name, sources: [region], isImporter: false });
    }
  }
  IMPORTER_NAMES.forEach((importer, index) => {
    const town = IMPORTER_TOWNS[index % IMPORTER_TOWNS.length] as readonly [string, string, string];
    const sources = random.sample(IMPORT_REGIONS, random.int(2, 4));
    const legalName = random.chance(0.5) ? `${importer} LLC` : importer;
    const dbaName = legalName === importer ? null : importer;
    suppliers.push({
      ...common(legalName, dbaName, town),
      region: (sources[0] as WineRegion).name,
      sources,
      isImporter: true,
    });
  });
  return suppliers;
}
