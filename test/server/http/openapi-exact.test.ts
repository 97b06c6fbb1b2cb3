import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '../../../shared';
import { buildOpenApiDocument } from '../../../server/openapi/document';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
interface Operation {
  parameters: Array<{ name: string; in: string; schema: Schema }>;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, unknown>;
}
const document = buildOpenApiDocument('http://127.0.0.1:1/api/v1') as { info: { description: string }; paths: Record<string, Record<string, Operation>> };
const operation = (path: string, method: string) => document.paths[path]![method]!;
const parameter = (path: string, name: string) => operation(path, 'get').parameters.find((candidate) => candidate.name === name)!.schema;
/** Whether a value meets every `pattern` of a schema (JSON Schema patterns are Unicode regular expressions). */
const meetsPatterns = (schema: Schema, value: string): boolean =>
  [schema, ...((schema.allOf as Schema[] | undefined) ?? [])]
    .flatMap((part) => (typeof part.pattern === 'string' ? [part.pattern] : []))
    .every((pattern) => new RegExp(pattern, 'u').test(value));
const bodyOf = (path: string) => operation(path, 'post').requestBody!.content['application/json'].schema;

describe('the OpenAPI document states every bound the service enforces', () => {
  it.each(['/suppliers', '/suppliers/{id}/products', '/products', '/orders'])('%s declares page ≤ 1,000,000 and per_page ≤ 100', (path) => {
    expect(parameter(path, 'page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 });
    expect(parameter(path, 'per_page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
  });

  it.each([
    ['/suppliers', 'region'],
    ['/products', 'varietal'],
    ['/products', 'region'],
    ['/products', 'country'],
    ['/products', 'q'],
  ])('%s?%s states the text rule and its length', (path, name) => {
    const schema = parameter(path, name);
    expect(schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(meetsPatterns(schema, 'Napa Valley')).toBe(true);
    expect(meetsPatterns(schema, 'Napa\u0000')).toBe(false);
    expect(meetsPatterns(schema, '   ')).toBe(false);
  });

  it('declares that each product appears once per order', () => {
    const items = bodyOf('/orders').properties!.items!;
    expect(items['x-unique-item-properties']).toEqual(['product_id', 'unit']);
    expect(items.description).toMatch(/product_id/);
  });

  it('declares the lengths and the text rule of the address and the notes, and the states as a closed list', () => {
    const body = bodyOf('/orders').properties!;
    const address = body.shipping_address!.properties!;
    expect(address.street1).toMatchObject({ maxLength: 200, minLength: 1 });
    expect(address.city).toMatchObject({ maxLength: 100, minLength: 1 });
    expect(address.state!.enum).toEqual(US_STATE_CODES);
    expect(address.state!.enum).toEqual(expect.arrayContaining(['CA', 'DC', 'PR']));
    expect(US_STATE_CODES).toHaveLength(56);
    expect(body.buyer_notes).toMatchObject({ type: 'string', maxLength: 2000 });
    expect(meetsPatterns(body.buyer_notes!, 'Dock 4\n\tring twice\r\n')).toBe(true);
    expect(meetsPatterns(body.buyer_notes!, 'Dock\u0000')).toBe(false);
    for (const field of [address.street1!, address.city!]) {
      expect(meetsPatterns(field, '1 Main St')).toBe(true);
      expect(meetsPatterns(field, '1 Main\tSt')).toBe(false);
    }
  });

  it('declares the webhook URL as a URI and the events as unique', () => {
    const body = bodyOf('/webhooks').properties!;
    expect(body.url).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 });
    expect(body.events).toMatchObject({ uniqueItems: true });
  });

  it('says what an empty item id and a wrong method answer', () => {
    expect(document.info.description).toContain('`/webhooks/`');
    expect(document.info.description).toContain('405 method_not_allowed');
    expect(operation('/webhooks/{id}', 'delete').responses['404']).toBeDefined();
  });
});
