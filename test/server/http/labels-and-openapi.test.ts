import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared';
import { paletteFor, productLabelSvg, wrapText } from '../../../server/images/product-label';
import { buildOpenApiDocument } from '../../../server/openapi/document';

const product = {
  id: 'prod_abc',
  name: 'Reserve <Old Vine> & "Friends" Zinfandel',
  brand: 'Ridgeview Cellars',
  varietal: 'Zinfandel',
  vintage: 2019,
  region: 'Sonoma',
  size_ml: 750,
};

describe('product label SVG', () => {
  it('is deterministic, names the wine, and escapes markup', () => {
    const svg = productLabelSvg(product);
    expect(productLabelSvg(product)).toBe(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('2019');
    expect(svg).toContain('Zinfandel');
    expect(svg).toContain('&lt;Old');
    expect(svg).toContain('&amp;');
    expect(svg).not.toContain('<Old');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('colours the bottle by varietal and shows NV without a vintage', () => {
    expect(paletteFor('Chardonnay')).not.toEqual(paletteFor('Cabernet Sauvignon'));
    expect(paletteFor('Rosé of Pinot Noir')).not.toEqual(paletteFor('Pinot Noir'));
    expect(productLabelSvg({ ...product, varietal: 'Chardonnay' })).toContain(paletteFor('Chardonnay').wine);
    expect(productLabelSvg({ ...product, vintage: null })).toContain('>NV<');
  });

  it('wraps long names into a bounded number of lines', () => {
    const lines = wrapText('A very long wine name that keeps going and going well past the label edge', 18, 3);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 18)).toBe(true);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('http://127.0.0.1:1234/api/v1') as {
    openapi: string;
    servers: Array<{ url: string }>;
    paths: Record<string, Record<string, { operationId: string; parameters: Array<{ name: string; in: string }>; requestBody?: unknown; responses: Record<string, unknown> }>>;
  };

  it('is 3.1 with every endpoint of the table under its OpenAPI path', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]?.url).toBe('http://127.0.0.1:1234/api/v1');
    for (const [name, spec] of Object.entries(endpoints)) {
      const path = spec.path.replace(/:([a-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[spec.method.toLowerCase()];
      expect(operation?.operationId).toBe(name);
      expect(operation?.responses[String(spec.status)]).toBeDefined();
      expect(Boolean(operation?.requestBody)).toBe('body' in spec);
    }
  });

  it('lists query parameters, path ids and the Idempotency-Key header', () => {
    const listProducts = document.paths['/products']?.get;
    expect(listProducts?.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'q', 'varietal', 'region', 'country', 'supplier_id', 'sort']),
    );
    expect(document.paths['/orders/{id}']?.get?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(document.paths['/orders']?.post?.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});
