import { describe, expect, it, vi } from 'vitest';
import { ProductCodeMatches } from '../../../shared/bridge/product-code-matches';
import { PASTED_ORDER_MAX_LINES } from '../../../shared/pasted-order';
import type { CatalogProduct } from '../../../shared/schemas';
import { succeed } from '../../../electron/core/failure';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createPastedOrderHandlers } from '../../../electron/bridge/handlers/pasted-order';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import { createRecordingHandlers } from '../../support/recording-handlers';
import { makeCatalog } from '../search/catalog-fixture';

const stamp = '2026-11-01T10:00:00.000Z';
const [first, second] = makeCatalog(2).map((product) => product.item) as [CatalogProduct, CatalogProduct];

function setup(stored = 10) {
  const matchCodes = vi.fn(async (codes: readonly string[]) => succeed(codes.map((code) => (code === 'ONE' ? [first] : code === 'TWO' ? [first, second] : []))));
  const handlers = createPastedOrderHandlers({ search: { matchCodes }, catalogAsOf: async () => stamp, images: createProductImageAddresses(), detailCoverage: async () => ({ stored, catalog: 10 }) });
  return { dispatcher: createDispatcher({ handlers: { ...createRecordingHandlers(), ...handlers } }), matchCodes };
}

describe('matchProductCodes over the bridge', () => {
  it("answers each code's products in the order asked, images made local, with the catalog's age", async () => {
    const { dispatcher, matchCodes } = setup();
    const answer = await dispatcher.dispatch('matchProductCodes', { codes: ['TWO', ' NONE ', 'ONE'] });
    expect(matchCodes).toHaveBeenCalledWith(['TWO', 'NONE', 'ONE']);
    if (!answer.ok) throw new Error(answer.error.message);
    const data = ProductCodeMatches.parse(answer.data);
    expect(data.matches.map((match) => [match.code, match.products.map((product) => product.id)])).toEqual([
      ['TWO', [first.id, second.id]],
      ['NONE', []],
      ['ONE', [first.id]],
    ]);
    expect(data.matches[2]?.products[0]?.image_url).not.toBe(first.image_url);
    expect(data).toMatchObject({ freshness: { asOf: stamp, fromCache: true }, detailsIncomplete: false });
  });

  it('says when a code not found may still be in the catalog: details not all on this computer', async () => {
    const answer = await setup(4).dispatcher.dispatch('matchProductCodes', { codes: ['NONE'] });
    expect(answer).toMatchObject({ ok: true, data: { detailsIncomplete: true } });
  });

  it('refuses at the boundary no codes, more than one paste holds, a blank or an overlong code, before the core is asked', async () => {
    const { dispatcher, matchCodes } = setup();
    for (const codes of [[], Array.from({ length: PASTED_ORDER_MAX_LINES + 1 }, (_, n) => `SKU-${n}`), ['SKU-1', '   '], ['x'.repeat(65)], [42], 'SKU-1']) {
      expect(await dispatcher.dispatch('matchProductCodes', { codes }), JSON.stringify(codes).slice(0, 40)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(matchCodes).not.toHaveBeenCalled();
  });
});
