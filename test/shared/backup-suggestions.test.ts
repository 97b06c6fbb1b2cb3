import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKUP_SUGGESTIONS_SHOWN, backupLikeness, backupPriceBand, suggestBackups, type BackupCandidate } from '../../shared/backup-suggestions';

const wine = (id: string, fields: Partial<BackupCandidate> = {}): BackupCandidate => ({
  id,
  name: `Wine ${id}`,
  varietal: 'Pinot Noir',
  region: 'Willamette Valley',
  case_price_cents: 24_000,
  inventory_available: 20,
  minimum_order: 1,
  supplier: { id: 'sup_a' },
  ...fields,
});

describe('the backup price band', () => {
  it('is 25 % either side of the case price, never below zero', () => {
    expect(backupPriceBand(24_000)).toEqual({ minPriceCents: 18_000, maxPriceCents: 30_000 });
    expect(backupPriceBand(0)).toEqual({ minPriceCents: 0, maxPriceCents: 0 });
    expect(backupPriceBand(1)).toEqual({ minPriceCents: 1, maxPriceCents: 1 });
  });
});

describe('suggested backups', () => {
  const product = wine('p');

  it('leaves out the product itself, another supplier’s wine, one out of stock or below its minimum, one outside the band, one like in nothing, and the excluded', () => {
    const candidates = [
      wine('p'),
      wine('other-supplier', { supplier: { id: 'sup_b' } }),
      wine('sold-out', { inventory_available: 0 }),
      wine('below-minimum', { inventory_available: 2, minimum_order: 3 }),
      wine('too-dear', { case_price_cents: 30_001 }),
      wine('too-cheap', { case_price_cents: 17_999 }),
      wine('unlike', { varietal: 'Riesling', region: 'Finger Lakes' }),
      wine('in-cart'),
      wine('kept', { case_price_cents: 30_000 }),
    ];
    expect(suggestBackups(product, candidates, new Set(['in-cart'])).map((w) => w.id)).toEqual(['kept']);
  });

  it('puts the same varietal before the same region, then the nearer price, then the name', () => {
    const candidates = [
      wine('region-only', { varietal: 'Chardonnay' }),
      wine('varietal-far', { region: 'Sonoma Coast', case_price_cents: 28_000 }),
      wine('both-far', { case_price_cents: 19_000 }),
      wine('both-near', { case_price_cents: 24_500 }),
      wine('varietal-near', { region: 'Sonoma Coast', case_price_cents: 23_900 }),
    ];
    expect(suggestBackups(product, candidates).map((w) => w.id)).toEqual(['both-near', 'both-far', 'varietal-near', 'varietal-far', 'region-only']);
  });

  it('matches varietal and region whatever their case', () => {
    expect(backupLikeness(product, { varietal: 'pinot noir', region: 'WILLAMETTE VALLEY' })).toBe(3);
  });

  it('offers at most the limit', () => {
    const many = Array.from({ length: 12 }, (_, index) => wine(`w${index}`));
    expect(suggestBackups(product, many)).toHaveLength(BACKUP_SUGGESTIONS_SHOWN);
    expect(suggestBackups(product, many, new Set(), 2)).toHaveLength(2);
  });
});

const arbitraryWine = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'p'),
  name: fc.constantFrom('Alpha', 'Beta', 'Gamma'),
  varietal: fc.constantFrom('Pinot Noir', 'Chardonnay', 'Syrah'),
  region: fc.constantFrom('Willamette Valley', 'Napa Valley'),
  case_price_cents: fc.integer({ min: 0, max: 60_000 }),
  inventory_available: fc.integer({ min: 0, max: 10 }),
  minimum_order: fc.integer({ min: 1, max: 5 }),
  supplier: fc.record({ id: fc.constantFrom('sup_a', 'sup_b') }),
});

describe('suggested backups (property)', () => {
  it('every suggestion is another orderable wine of the same supplier, alike, within the band, not excluded; best first; none better left out', () => {
    fc.assert(
      fc.property(arbitraryWine, fc.array(arbitraryWine, { maxLength: 30 }), fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }), (product, candidates, excluded) => {
        const exclude = new Set<string>(excluded);
        const suggested = suggestBackups(product, candidates, exclude);
        const band = backupPriceBand(product.case_price_cents);
        const eligible = (c: BackupCandidate) =>
          c.id !== product.id &&
          !exclude.has(c.id) &&
          c.supplier.id === product.supplier.id &&
          c.inventory_available > 0 &&
          c.inventory_available >= c.minimum_order &&
          c.case_price_cents >= band.minPriceCents &&
          c.case_price_cents <= band.maxPriceCents &&
          backupLikeness(product, c) > 0;
        expect(suggested.length).toBeLessThanOrEqual(BACKUP_SUGGESTIONS_SHOWN);
        expect(suggested.every(eligible)).toBe(true);
        const likeness = suggested.map((c) => backupLikeness(product, c));
        expect([...likeness].sort((x, y) => y - x)).toEqual(likeness);
        const all = candidates.filter(eligible);
        expect(suggested.length).toBe(Math.min(all.length, BACKUP_SUGGESTIONS_SHOWN));
        const worst = likeness.at(-1);
        if (worst !== undefined && suggested.length === BACKUP_SUGGESTIONS_SHOWN) {
          const left = all.filter((c) => !suggested.includes(c));
          expect(left.every((c) => backupLikeness(product, c) <= worst)).toBe(true);
        }
      }),
    );
  });
});
