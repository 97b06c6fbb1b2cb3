/** What only a product's detail tells about it (the catalog list does not carry these). */
export interface ProductFacts {
  id: string;
  sku: string | null;
  upc: string | null;
  country: string | null;
}

export const factsOf = (detail: Pick<ProductFacts, 'id' | 'sku' | 'upc' | 'country'>): ProductFacts => ({
  id: detail.id,
  sku: detail.sku,
  upc: detail.upc,
  country: detail.country,
});

/**
 * Codes are compared without case, spaces or dashes; a 13-digit EAN with a leading zero (what many
 * scanners report for a UPC-A) is the same code as the 12-digit UPC.
 */
export function normalizeCode(raw: string): string {
  const compact = raw.trim().replace(/[\s-]+/g, '').toUpperCase();
  return /^0[0-9]{12}$/.test(compact) ? compact.slice(1) : compact;
}

/** Exact lookup by SKU or UPC, plus SKU prefix matching for free text. */
export class CodeTable {
  private readonly byCode = new Map<string, string>();
  private skus: string[] = [];
  private sorted = true;

  get size() {
    return this.byCode.size;
  }

  set({ id, sku, upc }: Pick<ProductFacts, 'id' | 'sku' | 'upc'>) {
    if (sku) {
      const code = normalizeCode(sku);
      if (!this.byCode.has(code)) {
        this.skus.push(code);
        this.sorted = false;
      }
      this.byCode.set(code, id);
    }
    if (upc) this.byCode.set(normalizeCode(upc), id);
  }

  lookup(raw: string): string | undefined {
    return this.byCode.get(normalizeCode(raw));
  }

  /** Product ids whose SKU starts with the given text (at least three characters), at most `limit`. */
  skuPrefix(raw: string, limit: number): string[] {
    const prefix = normalizeCode(raw);
    if (prefix.length < 3) return [];
    if (!this.sorted) {
      this.skus.sort();
      this.sorted = true;
    }
    let low = 0;
    let high = this.skus.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.skus[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const ids: string[] = [];
    for (let index = low; index < this.skus.length && ids.length < limit; index += 1) {
      const sku = this.skus[index]!;
      if (!sku.startsWith(prefix)) break;
      ids.push(this.byCode.get(sku)!);
    }
    return ids;
  }
}
