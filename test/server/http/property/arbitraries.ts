import fc from 'fast-check';
import {
  BUYER_NOTES_MAX,
  CATALOG_CHANGES_LIMIT_MAX,
  CATALOG_CURSOR_MAX,
  ORDER_STATUSES,
  PAGE_MAX,
  PER_PAGE_MAX,
  PRODUCT_SORTS,
  QUERY_TEXT_MAX,
  US_STATE_CODES,
  WEBHOOK_EVENTS,
  ADDRESS_LIMITS,
} from '../../../../shared';

/**
 * Request generators for the property-based suite, written from the shared contract's constants
 * (zod-fast-check supports zod 3 only): each mixes values the contract accepts with values it
 * refuses, so a run sends both kinds. Which is which is decided afterwards by the schemas.
 */

/** Characters a buyer types, including accented, CJK and astral ones. */
const typedCharacter = fc.constantFrom(...'aeiouNPVxyz019 -,.\'&/#éüñ漢字'.split(''), '🍷', '😀');
/** Anything at all: control characters, lone surrogate halves, any code point. */
const anyCharacter = fc.oneof(
  { weight: 6, arbitrary: typedCharacter },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x20, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
);

/** `arbitrary`'s value once in `every` draws, else undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, every = 6) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const textOf = (character: fc.Arbitrary<string>, maxLength: number) => fc.array(character, { maxLength }).map((characters) => characters.join(''));

/** Text around a length limit: short, or just under, at or over it. */
export const text = (limit: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.array(typedCharacter, { minLength: 1, maxLength: 24 }).map((characters) => characters.join('')) },
    { weight: 2, arbitrary: textOf(anyCharacter, 12) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '  \u00a0 ', '\t', '\n') },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: limit - 2, max: limit + 2 }), typedCharacter).map(([length, character]) => character.repeat(length)) },
  );

/** A multi-line field's text: lines with tabs and line breaks, sometimes other control characters. */
export const notes = fc.oneof(
  { weight: 8, arbitrary: textOf(fc.oneof({ weight: 8, arbitrary: typedCharacter }, { weight: 1, arbitrary: fc.constantFrom('\n', '\t', '\r\n') }), 40) },
  { weight: 2, arbitrary: textOf(anyCharacter, 16) },
  { weight: 1, arbitrary: fc.integer({ min: BUYER_NOTES_MAX - 1, max: BUYER_NOTES_MAX + 1 }).map((length) => 'n'.repeat(length)) },
);

/** Page numbers written as the document says (plain digits), in and out of range, and junk. */
const pageNumber = (max: number) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.integer({ min: 1, max: Math.min(max, 5) }).map(String) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max }).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(String(max), String(max + 1), '0', '-1', '1.5', 'abc', '', '999999999999', '２') },
  );

type QueryPair = [string, string];
const pair = (name: string, value: fc.Arbitrary<string>) => fc.option(value.map((v): QueryPair => [name, v]), { nil: undefined, freq: 2 });

/** A query string's pairs: known parameters, sometimes an unknown one or a repeated one. */
const queryOf = (parameters: Array<fc.Arbitrary<QueryPair | undefined>>) =>
  fc
    .tuple(
      fc.tuple(...parameters),
      rarely(fc.constantFrom<QueryPair>(['nope', '1'], ['page', '2'], ['PAGE', '1'], ['q[]', 'x'], ['__proto__', 'x'])),
    )
    .map(([known, extra]) => [...known, extra].filter((entry): entry is QueryPair => entry !== undefined));

const pageParameters = [pair('page', pageNumber(PAGE_MAX)), pair('per_page', pageNumber(PER_PAGE_MAX))];

export const supplierListQuery = queryOf([...pageParameters, pair('q', text(QUERY_TEXT_MAX)), pair('region', text(QUERY_TEXT_MAX))]);
export const pageQuery = queryOf(pageParameters);
export const noQuery = rarely(fc.constantFrom<QueryPair>(['nope', '1'], ['page', '1'], ['a', '\u0000']), 4).map((extra) => (extra ? [extra] : []));
export const orderListQuery = queryOf([...pageParameters, pair('status', fc.oneof(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom('pending', '', 'SHIPPED')))]);
export const productListQuery = (supplierIds: string[]) =>
  queryOf([
    ...pageParameters,
    pair('q', text(QUERY_TEXT_MAX)),
    pair('varietal', text(QUERY_TEXT_MAX)),
    pair('region', text(QUERY_TEXT_MAX)),
    pair('country', text(QUERY_TEXT_MAX)),
    pair('supplier_id', fc.oneof(fc.constantFrom(...supplierIds), fc.constantFrom('sup_unknown0', 'sup_', 'prod_1', 'sup_%00'))),
    pair('sort', fc.oneof(fc.constantFrom(...PRODUCT_SORTS), fc.constantFrom('price', '', 'NAME'))),
  ]);

/** A cursor the service gave, with one character changed (still base64url, no longer a cursor). */
const tampered = (cursor: string, at: number) => {
  const index = at % cursor.length;
  return cursor.slice(0, index) + (cursor[index] === 'A' ? 'B' : 'A') + cursor.slice(index + 1);
};

/**
 * GET /catalog/changes queries (extension): `since` a cursor the service gave (known), one
 * tampered with, base64url text that is no cursor, or not base64url; `limit` in and out of range.
 */
export const catalogChangesQuery = (known: string[]) =>
  queryOf([
    pair(
      'since',
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...known) },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...known), fc.nat()).map(([cursor, at]) => tampered(cursor, at)) },
        { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/) },
        { weight: 1, arbitrary: fc.constantFrom('', '=', 'a b', 'abc=', '%00', 'A'.repeat(CATALOG_CURSOR_MAX + 1), '漢字') },
      ),
    ),
    pair('limit', pageNumber(CATALOG_CHANGES_LIMIT_MAX)),
  ]);

/** A path id: a known one, an unknown one of the right form, one of the wrong form, or empty. */
export const pathId = (known: string[], prefix: string) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/).map((rest) => `${prefix}_${rest}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'x', `${prefix}_`, `${prefix}_a%00`, `${prefix}_a.b`, '%E2%82%AC', `${prefix}_${'a'.repeat(65)}`) },
  );

export interface Catalog {
  /** Products by supplier, each with its minimum. */
  products: Array<{ id: string; supplierId: string; minimum: number }>;
}

const shippingAddress = fc.record(
  {
    street1: fc.oneof({ weight: 3, arbitrary: fc.constant('1 Test Street') }, { weight: 2, arbitrary: text(ADDRESS_LIMITS.street1) }),
    city: fc.oneof({ weight: 3, arbitrary: fc.constant('Napa') }, { weight: 2, arbitrary: text(ADDRESS_LIMITS.city) }),
    state: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...US_STATE_CODES) }, { weight: 1, arbitrary: fc.constantFrom('Zz9', 'ca', 'California', 'C\u0000', '', 'AA', 'FM') }),
    zip: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('94558', '00901', '94558-1234', ' 94558 ') }, { weight: 1, arbitrary: fc.constantFrom('9455', 'abcde', '94558\u0000', '') }),
  },
  { requiredKeys: ['street1', 'city', 'state', 'zip'], noNullPrototype: true },
);

/** POST /orders bodies around a real product of the demo catalog. */
export const orderBody = (catalog: Catalog) =>
  fc
    .record({
      product: fc.constantFrom(...catalog.products),
      other: fc.constantFrom(...catalog.products),
      sameSupplier: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      pick: fc.nat(),
      lines: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(1, 2) }, { weight: 1, arbitrary: fc.constantFrom(0, 3) }),
      quantity: fc.oneof(
        { weight: 6, arbitrary: fc.constant<'minimum'>('minimum') },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, '2', 100_001, 1e12, null) },
      ),
      supplier: fc.oneof({ weight: 8, arbitrary: fc.constant<'own'>('own') }, { weight: 1, arbitrary: fc.constantFrom('sup_unknown0', 'sup_', 42) }),
      address: shippingAddress,
      notes: fc.option(notes, { nil: undefined, freq: 2 }),
      duplicate: fc.boolean().chain((yes) => (yes ? fc.boolean() : fc.constant(false))).chain((yes) => (yes ? fc.boolean() : fc.constant(false))),
      extra: rarely(fc.constantFrom<[string, unknown]>(['total_cents', 1], ['items_count', '2']), 10),
    })
    .map(({ product, other: anyOther, sameSupplier, pick, lines, quantity, supplier, address, notes: buyerNotes, duplicate, extra }) => {
      const sameSupplierProducts = catalog.products.filter((candidate) => candidate.supplierId === product.supplierId && candidate.id !== product.id);
      const other = sameSupplier && sameSupplierProducts.length > 0 ? sameSupplierProducts[pick % sameSupplierProducts.length]! : anyOther;
      const line = (id: string, minimum: number) => ({ product_id: id, quantity: quantity === 'minimum' ? minimum : quantity });
      const items = lines === 0 ? [] : [line(product.id, product.minimum)];
      if (lines >= 2) items.push(line(duplicate ? product.id : other.id, other.minimum));
      if (lines >= 3) items.push(line('prod_unknown0', 1));
      const body: Record<string, unknown> = {
        supplier_id: supplier === 'own' ? product.supplierId : supplier,
        items,
        shipping_address: address,
        ...(buyerNotes === undefined ? {} : { buyer_notes: buyerNotes }),
      };
      if (extra) body[extra[0]] = extra[1];
      return body;
    });

/** POST /webhooks bodies: loopback receivers (the sandbox accepts them) and refused URLs and events. */
export const webhookBody = fc
  .record({
    url: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom('http', 'https', 'HTTP'), fc.stringMatching(/^[a-z0-9/_~.-]{0,20}$/)).map(([scheme, path]) => `${scheme}://127.0.0.1:9/${path}`) },
      { weight: 1, arbitrary: text(40).map((path) => `https://example.com/${path}`) },
      { weight: 1, arbitrary: fc.constantFrom('ftp://example.com/x', 'not a url', '', 'https://example.com/\u0000', `https://example.com/${'x'.repeat(2030)}`) },
    ),
    events: fc.oneof(
      { weight: 4, arbitrary: fc.shuffledSubarray([...WEBHOOK_EVENTS], { minLength: 1 }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>([], ['order.exploded'], ['order.shipped', 'order.shipped'], 'order.shipped', null) },
    ),
  })
  .map((body): Record<string, unknown> => ({ ...body }));

/** PATCH /webhooks/{id} bodies (extension): mostly a boolean `active`, sometimes not, or with another field. */
export const webhookUpdateBody = fc.oneof(
  { weight: 6, arbitrary: fc.boolean().map((active): unknown => ({ active })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { active: 'true' }, { active: 1 }, { active: null }, { active: true, url: 'https://example.com/x' }, [], null, 'active') },
);
