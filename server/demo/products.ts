import { upcCheckDigit } from '../../shared';
import { demoId, type Random } from './prng';
import type { DemoSupplier } from './wineries';
import { CUVEES, PRODUCERS } from './vocabulary/names';
import { AROMAS, PAIRINGS, PALATE, WINEMAKING } from './vocabulary/tasting';
import { VARIETALS, type Varietal } from './vocabulary/varietals';
import type { WineRegion } from './vocabulary/regions';

export interface DemoProduct {
  id: string;
  supplierId: string;
  name: string;
  brand: string;
  varietal: string;
  vintage: number | null;
  region: string;
  appellation: string;
  country: string;
  abv: number;
  sizeMl: number;
  packSize: number;
  casePriceCents: number;
  bottlePriceCents: number;
  inventoryAvailable: number;
  minimumOrder: number;
  sku: string;
  upc: string;
  description: string;
  tastingNotes: string;
  createdAt: Date;
}

const DAY_SECONDS = 86_400;
/** Wholesale case discounts off the bottle price × pack size. */
const CASE_DISCOUNTS = [0.05, 0.08, 0.1, 0.12, 0.15] as const;
/** Old-world wines are named for their place, new-world wines for their grape. */
const PLACE_NAMED_COUNTRIES = new Set(['France', 'Italy', 'Spain', 'Portugal']);

const round1 = (value: number) => Math.round(value * 10) / 10;

function vintageFor(random: Random, varietal: Varietal, year: number): number | null {
  switch (varietal.style) {
    case 'red':
      return year - random.int(2, 9);
    case 'sparkling':
      return random.chance(0.3) ? year - random.int(4, 9) : null;
    default:
      return year - random.int(1, 4);
  }
}

function productName(random: Random, supplier: DemoSupplier, region: WineRegion, brand: string, varietal: string, appellation: string): string {
  if (supplier.isImporter && PLACE_NAMED_COUNTRIES.has(region.country)) {
    return random.chance(0.3) ? `${brand} ${appellation} ${random.pick(['Vieilles Vignes', 'Riserva', 'Reserva', 'Cuvée Prestige', 'Tradition'])}` : `${brand} ${appellation}`;
  }
  const cuvee = random.pick(CUVEES);
  const place = random.chance(0.25) && appellation !== region.name ? ` ${appellation}` : '';
  return [brand, cuvee, varietal].filter((part) => part.length > 0).join(' ') + place;
}

function describe(random: Random, varietal: Varietal, appellation: string, region: WineRegion): { description: string; tastingNotes: string } {
  const [first, second, third] = random.sample(AROMAS[varietal.style], 3);
  const pairings = random.sample(PAIRINGS[varietal.style], 2);
  const where = appellation === region.name ? `${region.name}, ${region.country}` : `${appellation} in ${region.name}, ${region.country}`;
  return {
    description: `${varietal.name} from ${where}. ${random.pick(WINEMAKING[varietal.style])} Pairs with ${pairings.join(' and ')}.`,
    tastingNotes: `Aromas of ${first}, ${second} and ${third}; the palate shows ${random.pick(PALATE[varietal.style])}.`,
  };
}

function pricing(random: Random, region: WineRegion, cuvee: boolean, sizeMl: number) {
  const [low, high] = region.bottlePrice;
  const dollars750 = (low + (high - low) * random.next() ** 2.2) * (cuvee ? 1.25 : 1);
  const dollars = dollars750 * (sizeMl === 375 ? 0.55 : sizeMl === 1500 ? 2.2 : 1);
  const bottlePriceCents = Math.max(400, Math.round(dollars * 4) * 25);
  const packSize = sizeMl === 1500 ? 6 : sizeMl === 750 && bottlePriceCents >= 6000 && random.chance(0.6) ? 6 : 12;
  const discount = random.pick(CASE_DISCOUNTS);
  const casePriceCents = Math.round((bottlePriceCents * packSize * (1 - discount)) / 100) * 100;
  return { bottlePriceCents, packSize, casePriceCents };
}

/** A UPC-A: number system 8, the supplier's manufacturer code, the item number, a check digit. */
export function demoUpc(manufacturer: string, itemNumber: number): string {
  const body = `8${manufacturer}${String(itemNumber % 100_000).padStart(5, '0')}`;
  return `${body}${upcCheckDigit(body)}`;
}

/**
 * The catalog's products in generation order, `chunkSize` at a time, so a caller can write each
 * chunk and let it go: a million products held at once took 1.5 GB of heap, most of the time in
 * garbage collection. The same random draws in the same order as one long list, so the chunk size
 * never changes the products.
 */
export function* productChunks(random: Random, suppliers: readonly DemoSupplier[], count: number, now: Date, chunkSize: number): Generator<DemoProduct[], void, undefined> {
  const weights = suppliers.map((supplier) => [supplier, supplier.weight] as const);
  const itemNumbers = new Map<string, number>();
  const year = now.getUTCFullYear();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let products: DemoProduct[] = [];
  for (let index = 0; index < count; index += 1) {
    const supplier = random.weighted(weights);
    const region = random.pick(supplier.sources);
    const varietal = VARIETALS[random.pick(region.varietals)] as Varietal;
    const appellation = random.pick(region.appellations);
    const brand = supplier.isImporter ? random.pick(PRODUCERS[region.country] ?? [supplier.name]) : (supplier.dbaName ?? supplier.name).replace(/ (Wines|LLC)$/, '');
    const name = productName(random, supplier, region, brand, varietal.name, appellation);
    const sizeMl = random.weighted([[750, 85], [375, 8], [1500, 7]] as const);
    const { bottlePriceCents, packSize, casePriceCents } = pricing(random, region, /Reserve|Single|Riserva|Reserva|Prestige|Block/.test(name), sizeMl);
    const itemNumber = (itemNumbers.get(supplier.id) ?? 0) + 1;
    itemNumbers.set(supplier.id, itemNumber);
    products.push({
      id: demoId(random, 'prod'),
      supplierId: supplier.id,
      name,
      brand,
      varietal: varietal.name,
      vintage: vintageFor(random, varietal, year),
      region: region.name,
      appellation,
      country: region.country,
      abv: round1(varietal.abv[0] + random.next() * (varietal.abv[1] - varietal.abv[0])),
      sizeMl,
      packSize,
      casePriceCents,
      bottlePriceCents,
      inventoryAvailable: random.chance(0.08) ? 0 : 1 + Math.floor(599 * random.next() ** 3),
      minimumOrder: random.weighted([[1, 40], [2, 25], [3, 15], [4, 10], [5, 10]] as const),
      sku: `${supplier.skuCode}-${String(itemNumber).padStart(5, '0')}`,
      upc: demoUpc(supplier.upcManufacturer, itemNumber),
      ...describe(random, varietal, appellation, region),
      createdAt: new Date((nowSeconds - random.int(0, 730 * DAY_SECONDS)) * 1000),
    });
    if (products.length === chunkSize) {
      yield products;
      products = [];
    }
  }
  if (products.length > 0) yield products;
}
