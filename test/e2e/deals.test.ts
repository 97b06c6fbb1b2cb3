import { describe, expect, it } from 'vitest';
import { dealRunning, usableDealPrice } from '../../shared/deals';
import { formatCases, formatCents, formatWineName } from '../../shared/format';
import type { CatalogProduct, Deal, Product } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, placeAndConfirm, parseCents, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

/** A wine with a running case deal it has the stock for, and a name no other wine has. */
async function dealWine(): Promise<{ item: CatalogProduct; detail: Product; deal: Deal; price: number }> {
  const products = await app().service.allProducts();
  for (const item of products) {
    if (products.filter((other) => other.name === item.name).length !== 1) continue;
    const detail = await app().service.product(item.id);
    const deal = (detail.deals ?? []).find((candidate) => candidate.kind === 'case' && dealRunning(candidate, Date.now()));
    if (!deal || detail.inventory_available < Math.max(deal.min_cases, detail.minimum_order)) continue;
    const usable = usableDealPrice(deal, detail.case_price_cents);
    if (usable.ok && detail.minimum_order < deal.min_cases) return { item, detail, deal, price: usable.price };
  }
  throw new Error('the demo catalog has no wine with a running case deal');
}

describe('case deals (issue 26)', () => {
  it('the cart hints the deal, applies it from its threshold, and the confirmed order costs the estimate, priced with the deal', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, detail, deal, price } = await dealWine();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(item.name);
    await page.getByRole('button', { name: `Add ${formatCases(item.minimum_order)} of ${item.name} to the cart` }).click();
    await goTo(page, 'Cart');

    const more = deal.min_cases - item.minimum_order;
    const saving = detail.case_price_cents - price;
    await page.getByText(`Add ${more === 1 ? '1 more case' : `${more} more cases`} for ${formatCents(saving)} off each (“${deal.title}”).`).waitFor({ timeout: WAIT.short });
    const shownName = formatWineName({ name: detail.name, vintage: detail.vintage, sizeMl: detail.size_ml });
    await page.getByRole('textbox', { name: `Cases of ${shownName}`, exact: true }).fill(String(deal.min_cases));
    await page.getByText(`Deal “${deal.title}”: ${formatCents(price)} per case, saves ${formatCents(saving * deal.min_cases)}.`).waitFor({ timeout: WAIT.short });
    const totals = page.getByLabel(`Estimated totals for ${item.supplier.name}`);
    expect(parseCents((await totals.getByRole('definition').first().textContent()) ?? '')).toBe(price * deal.min_cases);
    const estimated = parseCents((await totals.getByRole('definition').last().textContent()) ?? '');
    await screenshot('cart-case-deal');

    const { number } = await placeAndConfirm(page, item.supplier.name);
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    const order = await app().service.order(placed.id);
    expect(order.total_cents).toBe(estimated);
    expect(order.items[0]).toMatchObject({ unit_price_cents: price, total_cents: price * deal.min_cases, deal: { id: deal.id, saved_cents: saving * deal.min_cases } });
    problems.assertNone('the case deal journey');
    await close();
  });
});
