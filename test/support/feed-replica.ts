import { CatalogChangesPage, type CatalogChange, type Product, type Supplier } from '../../shared';

/** One answer of GET /catalog/changes as a test sees it. */
export interface FeedAnswer {
  status: number;
  json: unknown;
}

/**
 * A client's copy of the catalog built from the change feed alone, as a client would: it applies
 * every page in order and keeps the cursor. It also counts what each record received, so a test
 * can tell a change delivered twice from one delivered once.
 */
export class FeedReplica {
  readonly products = new Map<string, Product>();
  readonly suppliers = new Map<string, Supplier>();
  cursor: string | null = null;
  /** Entries received, in order. */
  readonly received: CatalogChange[] = [];
  pages = 0;

  /** Applies one page; returns it. Throws on anything but a 200 that parses. */
  apply(answer: FeedAnswer): CatalogChangesPage {
    if (answer.status !== 200) throw new Error(`the feed answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    const page = CatalogChangesPage.parse(answer.json);
    for (const change of page.data) {
      this.received.push(change);
      switch (change.type) {
        case 'product.changed':
          this.products.set(change.product.id, change.product);
          break;
        case 'product.removed':
          this.products.delete(change.id);
          break;
        case 'supplier.changed':
          this.suppliers.set(change.supplier.id, change.supplier);
          break;
        case 'supplier.removed':
          this.suppliers.delete(change.id);
          break;
      }
    }
    this.cursor = page.next_cursor;
    this.pages += 1;
    return page;
  }

  /** Reads pages until has_more is false; returns the entries received by this sync. */
  async sync(read: (path: string) => Promise<FeedAnswer>, limit?: number): Promise<CatalogChange[]> {
    const before = this.received.length;
    for (;;) {
      const query = new URLSearchParams();
      if (this.cursor !== null) query.set('since', this.cursor);
      if (limit !== undefined) query.set('limit', String(limit));
      const search = query.toString();
      const page = this.apply(await read(`/catalog/changes${search ? `?${search}` : ''}`));
      if (!page.has_more) return this.received.slice(before);
    }
  }

  /** A product as the client shows it: with its supplier's count from the supplier record it keeps. */
  product(id: string): Product | undefined {
    const product = this.products.get(id);
    if (!product) return undefined;
    const supplier = this.suppliers.get(product.supplier.id);
    return { ...product, supplier: { ...product.supplier, total_products: supplier?.total_products ?? -1 } };
  }
}

/** The ids of the records in a list of entries, as `product:<id>` / `supplier:<id>`. */
export const recordsOf = (changes: CatalogChange[]): string[] =>
  changes.map((change) =>
    change.type === 'product.changed'
      ? `product:${change.product.id}`
      : change.type === 'supplier.changed'
        ? `supplier:${change.supplier.id}`
        : `${change.type.split('.')[0]}:${change.id}`,
  );
