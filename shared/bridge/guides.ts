import { z } from 'zod';
import { CatalogProduct, OrderId, ProductId } from '../schemas';
import { oneLineText } from '../schemas/text';
import { Freshness } from './datasets';

/** How many order guides one account may keep. */
export const ORDER_GUIDES_MAX = 100;
/** How many products one guide may list. */
export const GUIDE_LINES_MAX = 500;
/** The largest par (cases) a line may keep. */
export const PAR_MAX = 10_000;
/** The longest name of a guide ("Friday bar order"). */
export const GUIDE_NAME_MAX = 60;
/** The largest CSV file a guide is imported from (bytes as read; characters once text). */
export const GUIDE_CSV_MAX_BYTES = 1024 * 1024;

/**
 * The columns of a guide's CSV, defined once: a row names its product by `sku` or `upc` (either is
 * enough; the SKU is tried first) and gives its `par`; `name` is written for people and ignored on
 * import. Headers are matched without case or surrounding spaces.
 */
export const GUIDE_CSV_COLUMNS = ['sku', 'upc', 'par', 'name'] as const;
export type GuideCsvColumn = (typeof GUIDE_CSV_COLUMNS)[number];

export type CountCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * The one rule for a par or an on-hand count typed or read from a file: a whole number of cases,
 * 0 or more, at most `PAR_MAX`. `what` names it in the message ("The par", "On hand").
 */
export function readCaseCount(raw: string | number, what: string): CountCheck {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '') return { ok: false, message: `${what}: enter a whole number of cases (0 or more).` };
  if (!/^[0-9]+$/.test(text)) {
    return { ok: false, message: `${what} must be a whole number of cases, 0 or more (not “${text.slice(0, 20)}”).` };
  }
  const value = Number(text);
  if (value > PAR_MAX) return { ok: false, message: `${what} can be at most ${PAR_MAX.toLocaleString('en-US')} cases.` };
  return { ok: true, value };
}

export const Par = z
  .number({ error: 'must be a whole number of cases, 0 or more' })
  .int('must be a whole number of cases, 0 or more')
  .min(0, 'must be a whole number of cases, 0 or more')
  .max(PAR_MAX, `can be at most ${PAR_MAX} cases`);

/** `gd_` and 32 hex digits: an id the screens' addresses (`#/guides/<id>`) carry as it is. */
export const OrderGuideId = z.string().regex(/^gd_[0-9a-f]{32}$/, 'must be an order guide id');
export const GuideName = oneLineText(GUIDE_NAME_MAX);

/** One product of a guide and how many cases to keep of it. */
export const GuideLine = z.object({ productId: ProductId, par: Par });
export type GuideLine = z.infer<typeof GuideLine>;

/** A named list of products, each with its par, in the order the buyer put them. */
export const OrderGuide = z.object({
  id: OrderGuideId,
  name: GuideName,
  lines: z.array(GuideLine).max(GUIDE_LINES_MAX),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderGuide = z.infer<typeof OrderGuide>;

export const OrderGuides = z.object({
  items: z.array(OrderGuide),
  /** What was wrong with the file on disk when it was read (it was set aside). */
  problem: z.string().nullable(),
});
export type OrderGuides = z.infer<typeof OrderGuides>;

/** Where a new guide's lines come from. */
export const GuideSource = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('empty') }),
  /** Every starred product, each with its minimum order as the par. */
  z.strictObject({ kind: z.literal('favourites') }),
  /** A past order's products, each with the cases ordered then as the par. */
  z.strictObject({ kind: z.literal('order'), orderId: OrderId }),
]);
export type GuideSource = z.infer<typeof GuideSource>;

/** A guide with each line's product as the offline catalog knows it (null: no longer in the catalog). */
export const OrderGuideView = z.object({
  guide: OrderGuide,
  lines: z.array(GuideLine.extend({ product: CatalogProduct.nullable() })),
  freshness: Freshness,
});
export type OrderGuideView = z.infer<typeof OrderGuideView>;

/** Why a row of an imported CSV was left out. */
export const GUIDE_IMPORT_PROBLEMS = ['no_code', 'unknown_product', 'bad_par', 'duplicate'] as const;
export const GuideImportProblem = z.object({
  /** The row's place in the file, the header being row 1 (a spreadsheet's row number). */
  row: z.number().int().positive(),
  code: z.enum(GUIDE_IMPORT_PROBLEMS),
  message: z.string(),
});
export type GuideImportProblem = z.infer<typeof GuideImportProblem>;

export const GuideImportResult = z.object({
  /** The new guide; null when no row could be used (nothing was saved). */
  guide: OrderGuide.nullable(),
  rows: z.number().int().nonnegative(),
  skipped: z.array(GuideImportProblem),
  /**
   * True when a row's product was not found while product details (which carry the SKU and UPC)
   * are not yet on this computer for every product of the catalog: those rows may match later.
   */
  detailsIncomplete: z.boolean(),
});
export type GuideImportResult = z.infer<typeof GuideImportResult>;

export const GuideExport = z.object({
  fileName: z.string(),
  csv: z.string(),
  /** `saved`/`cancelled`: the desktop asked where to save it; `download`: this host cannot, the page downloads `csv`. */
  outcome: z.enum(['saved', 'cancelled', 'download']),
  /** Lines written without a SKU or UPC (their details are not on this computer yet). */
  withoutCode: z.number().int().nonnegative(),
});
export type GuideExport = z.infer<typeof GuideExport>;
