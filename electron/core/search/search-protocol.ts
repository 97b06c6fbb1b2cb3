import type { CatalogProduct } from '../../../shared';
import type { CatalogSearchQuery, CatalogSearchResult } from '../../../shared/bridge';
import type { StoreScope } from '../offline/cache-format';
import type { ProductFacts } from './product-codes';

/** Where the worker finds the catalog: the same files the offline store writes. */
export interface CatalogSource {
  catalogFile: string;
  detailsFile: string | null;
  /** The facts of those details in a file of their own (see offline/product-facts-file.ts); null: read the details. */
  factsFile?: string | null;
  /** The scope the files must carry (public data: accountId null). */
  scope: StoreScope;
  /** Where the text index is saved for a fast reload; null to never save one. */
  snapshotFile: string | null;
}

export interface LoadReport {
  documents: number;
  codes: number;
  source: 'built' | 'snapshot' | 'empty';
  /** Index build or snapshot load, in the worker. */
  indexMillis: number;
  /** Reading and checking the files, in the worker. */
  readMillis: number;
  asOf: string | null;
  /** Why the catalog could not be used, in plain words; null when it could. */
  problem: string | null;
}

export type SearchRequest =
  | { type: 'load'; source: CatalogSource }
  | { type: 'search'; query: CatalogSearchQuery }
  | { type: 'lookup'; code: string }
  | { type: 'products'; ids: string[] }
  | { type: 'facts'; facts: ProductFacts[] }
  | { type: 'supplierRegions' }
  | { type: 'memory' };

export interface SearchResponses {
  load: LoadReport;
  search: CatalogSearchResult;
  lookup: CatalogProduct | null;
  products: (CatalogProduct | null)[];
  facts: { codes: number };
  supplierRegions: Record<string, string[]>;
  memory: { heapUsed: number };
}

export type RequestEnvelope = { id: number; request: SearchRequest };
export type ResponseEnvelope = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
