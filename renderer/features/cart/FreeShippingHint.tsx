import { useId, useMemo, useRef } from 'react';
import { formatCases, formatCents, formatWineName } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { casesToFreeShipping, freeShippingShortfallCents, rankCandidates, type CandidateSource } from '../../lib/freeShipping';
import { useOrderGuides } from '../guides/queries';
import type { CartGroup } from './cartGroups';
import { useFreeShippingWines } from './queries';
import { useAddToCart } from './useAddToCart';
import { unitOf } from './cartQuantities';

const SOURCE_NOTES: Record<CandidateSource, string> = {
  favourite: 'one of your favourites',
  guide: 'from your order guide',
  catalog: '',
};

const asCandidate = (product: CatalogProduct) => ({
  productId: product.id,
  casePriceCents: product.case_price_cents,
  minimumOrder: product.minimum_order,
  inventoryAvailable: product.inventory_available,
});

/**
 * The free-shipping hint of one supplier's order: "Add $X more for free shipping", and the fewest
 * cases that would get there — the buyer's favourites of that supplier first, then the wines of
 * the buyer's order guides, then the rest of its catalog — each with an "Add" button. The sentence is
 * a polite live region, so the change is read out as lines are added; at the threshold it says the
 * order ships free and the suggestions go.
 */
export function FreeShippingHint({ group }: { group: CartGroup }) {
  const shortfall = freeShippingShortfallCents(group.totals.subtotal_cents);
  const wines = useFreeShippingWines(group.supplierId, shortfall > 0);
  const guides = useOrderGuides();
  // The supplier's in-stock wines that are on any of the buyer's order guides.
  const guideWines = useMemo(() => {
    const listed = new Set((guides.data?.items ?? []).flatMap((guide) => guide.lines.map((line) => line.productId)));
    return wines.catalog.filter((product) => listed.has(product.id));
  }, [guides.data, wines.catalog]);
  const addToCart = useAddToCart();
  const region = useRef<HTMLDivElement>(null);
  const listId = useId();

  const plan = useMemo(() => {
    if (shortfall === 0) return null;
    // Cases only: a line of bottles is not a case toward a wine's minimum.
    const inCart = Object.fromEntries(group.lines.filter((line) => unitOf(line) === 'case').map((line) => [line.productId, line.quantity]));
    const candidates = rankCandidates({
      favourite: wines.favourites.map(asCandidate),
      guide: guideWines.map(asCandidate),
      catalog: wines.catalog.map(asCandidate),
    });
    const additions = casesToFreeShipping({ shortfallCents: shortfall, candidates, inCart });
    const products = new Map([...wines.catalog, ...guideWines, ...wines.favourites].map((product) => [product.id, product]));
    return additions?.flatMap((addition) => {
      const product = products.get(addition.productId);
      return product ? [{ ...addition, product, name: formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml }) }] : [];
    }) ?? null;
  }, [shortfall, group.lines, wines.favourites, wines.catalog, guideWines]);

  const add = (product: CatalogProduct, cases: number) => {
    addToCart(product, cases);
    // The button goes with the suggestion it made; keep the keyboard in the hint.
    region.current?.focus();
  };

  return (
    <div className="free-shipping" ref={region} tabIndex={-1} aria-label={`Free shipping from ${group.supplierName}`} role="group">
      <p role="status" className={shortfall > 0 ? 'free-shipping-gap' : 'free-shipping-reached'}>
        {shortfall > 0 ? `Add ${formatCents(shortfall)} more for free shipping.` : 'This order ships free.'}
        {group.splitCaseFeesCents > 0 ? ` The split-case fees (${formatCents(group.splitCaseFeesCents)}) are charged all the same.` : ''}
      </p>
      {shortfall > 0 && plan && plan.length > 0 ? (
        <>
          <p id={listId} className="muted">
            {plan.length === 1 ? 'This would get it there:' : 'These would get it there:'}
          </p>
          <ul className="free-shipping-picks" aria-labelledby={listId}>
            {plan.map((pick) => (
              <li key={pick.productId}>
                <span>
                  {formatCases(pick.cases)} of {pick.name}
                  {SOURCE_NOTES[pick.source] ? <span className="muted"> ({SOURCE_NOTES[pick.source]})</span> : null} · {formatCents(pick.addedCents)}
                </span>
                <button type="button" onClick={() => add(pick.product, pick.cases)} aria-label={`Add ${formatCases(pick.cases)} of ${pick.name} for free shipping`}>
                  Add
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {shortfall > 0 && !wines.pending && !plan ? <p className="muted">No wine of {group.supplierName} in stock would get this order there.</p> : null}
    </div>
  );
}
