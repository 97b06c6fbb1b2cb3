import { describe, expect, it } from 'vitest';
import { formatCases, formatCents, formatWineName } from '../../shared/format';
import type { CatalogProduct, Product } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { goTo, placeAndConfirm, parseCents, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150, shipAfterSeconds: 600, deliverAfterSeconds: 600 });
const BOTTLES = 3;

/** A wine its supplier sells by the bottle, with the stock for its minimum in cases and a split case beside them, and a name no other wine has. */
async function splitCaseWine(): Promise<{ item: CatalogProduct; detail: Product; fee: number }> {
  const products = await app().service.allProducts();
  for (const item of products) {
    if (products.filter((other) => other.name === item.name).length !== 1) continue;
    if (item.pack_size <= BOTTLES || item.inventory_available < item.minimum_order + 1) continue;
    const detail = await app().service.product(item.id);
    if (detail.split_case && detail.split_case.bottles_available >= (item.minimum_order + 1) * item.pack_size) return { item, detail, fee: detail.split_case.fee_cents };
  }
  throw new Error('the demo catalog has no wine sold by the bottle');
}

describe('split cases (issue 26)', () => {
  it('orders bottles beside cases of one wine on the demo: two lines in the cart, the estimate with the bottle price and the fee, and the confirmed order costs the estimate', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, detail, fee } = await splitCaseWine();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(item.name);
    await page.getByRole('button', { name: `Add ${formatCases(item.minimum_order)} of ${item.name} to the cart` }).click();

    // The product page: bottles where the supplier splits cases, a case's worth refused in words.
    await page.getByRole('link', { name: item.name }).first().click();
    const bottlesForm = page.getByRole('form', { name: 'Add bottles to cart' });
    await bottlesForm.getByText(`Or by the bottle (a split case): ${formatCents(detail.bottle_price_cents)} a bottle, plus ${formatCents(fee)} for the order line.`).waitFor({ timeout: WAIT.short });
    const bottles = bottlesForm.getByRole('textbox', { name: 'Bottles' });
    await bottles.fill(String(detail.pack_size));
    await bottlesForm.getByRole('alert').getByText(`A split case is 1 to ${detail.pack_size - 1} bottles; ${detail.pack_size} bottles make a case: order whole cases as cases.`).waitFor();
    await bottles.fill(String(BOTTLES));
    await bottlesForm.getByRole('button', { name: 'Add bottles to cart' }).click();
    await bottlesForm.getByText(`Added ${BOTTLES} bottles; ${BOTTLES} bottles in the cart now.`).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    await goTo(page, 'Cart');
    const shownName = formatWineName({ name: detail.name, vintage: detail.vintage, sizeMl: detail.size_ml });
    await page.getByRole('textbox', { name: `Bottles of ${shownName}`, exact: true }).waitFor({ timeout: WAIT.short });
    expect(await page.getByRole('textbox', { name: `Cases of ${shownName}`, exact: true }).inputValue()).toBe(String(item.minimum_order));
    await page.getByText(`Plus a split-case fee of ${formatCents(fee)} for this line, in shipping.`).waitFor();
    const totals = page.getByLabel(`Estimated totals for ${item.supplier.name}`);
    const subtotal = detail.case_price_cents * item.minimum_order + detail.bottle_price_cents * BOTTLES;
    expect(parseCents((await totals.getByRole('definition').first().textContent()) ?? '')).toBe(subtotal);
    const estimated = parseCents((await totals.getByRole('definition').last().textContent()) ?? '');
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const blocking = blockingViolations(await runAxe(page));
    expect(blocking, formatViolations('the cart with a split case', blocking)).toEqual([]);
    await screenshot('cart-split-case');

    const { number } = await placeAndConfirm(page, item.supplier.name);
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    const order = await app().service.order(placed.id);
    expect(order.total_cents).toBe(estimated);
    expect(order.split_case_fees_cents).toBe(fee);
    expect(order.items.map((orderItem) => [orderItem.product_id, orderItem.unit ?? 'case', orderItem.quantity])).toEqual([
      [item.id, 'case', item.minimum_order],
      [item.id, 'bottle', BOTTLES],
    ]);
    problems.assertNone('the split-case journey');
    await close();
  });

  it('offline, estimates a line of bottles with its fee from what the app holds and queues it with unit bottle; back online, the order costs the estimate', async () => {
    const { page, problems, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, detail, fee } = await splitCaseWine();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(item.name);
    await page.getByRole('link', { name: item.name }).first().click();
    const bottlesForm = page.getByRole('form', { name: 'Add bottles to cart' });
    await bottlesForm.getByRole('textbox', { name: 'Bottles' }).fill(String(BOTTLES));
    await bottlesForm.getByRole('button', { name: 'Add bottles to cart' }).click();
    await bottlesForm.getByText(`Added ${BOTTLES} bottles; ${BOTTLES} bottles in the cart now.`).waitFor();
    // With cases too: the minimum counts the split case as one.
    if (item.minimum_order > 1) {
      await page.getByRole('form', { name: 'Add to cart' }).getByRole('textbox', { name: 'Cases' }).fill(String(item.minimum_order));
      await page.getByRole('form', { name: 'Add to cart' }).getByRole('button', { name: 'Add to cart' }).click();
    }
    const cases = item.minimum_order > 1 ? item.minimum_order : 0;
    const ordersBefore = (await app().service.orders()).meta.total;

    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await goTo(page, 'Cart');
    const shownName = formatWineName({ name: detail.name, vintage: detail.vintage, sizeMl: detail.size_ml });
    await page.getByRole('textbox', { name: `Bottles of ${shownName}`, exact: true }).waitFor({ timeout: WAIT.short });
    await page.getByText(`Plus a split-case fee of ${formatCents(fee)} for this line, in shipping.`).waitFor();
    const totals = page.getByLabel(`Estimated totals for ${item.supplier.name}`);
    expect(parseCents((await totals.getByRole('definition').first().textContent()) ?? '')).toBe(detail.case_price_cents * cases + detail.bottle_price_cents * BOTTLES);
    const estimated = parseCents((await totals.getByRole('definition').last().textContent()) ?? '');
    await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    const queued = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${item.supplier.name}: Queued` }) });
    await queued.waitFor({ timeout: WAIT.short });
    await queued.getByText(`${BOTTLES} bottles × ${shownName}`).waitFor();

    await app().startService();
    await expect
      .poll(async () => (await app().service.orders()).meta.total, { timeout: WAIT.fulfilment, interval: 500, message: 'the queued order is placed' })
      .toBe(ordersBefore + 1);
    const [placed] = (await app().service.orders()).data;
    const order = await app().service.order(placed!.id);
    expect(order.total_cents).toBe(estimated);
    expect(order.items.find((orderItem) => orderItem.unit === 'bottle')).toMatchObject({ product_id: item.id, quantity: BOTTLES, split_case_fee_cents: fee });
    await close();
  });
});
