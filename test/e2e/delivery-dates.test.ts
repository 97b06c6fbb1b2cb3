import { describe, expect, it } from 'vitest';
import { formatDeliveryDate, routeFor, upcomingDeliveries, type DeliveryOption } from '../../shared/delivery-days';
import { formatCases } from '../../shared/format';
import { Supplier, paginated, type CatalogProduct, type DeliveryTerms } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, placeAndConfirm, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

/** The demo suppliers as the service lists them, with their delivery terms. */
async function demoSuppliers(): Promise<Supplier[]> {
  const { baseUrl, apiKey } = app().credentialsOf(0);
  const response = await fetch(`${baseUrl}/suppliers?per_page=100`, { headers: { authorization: `Bearer ${apiKey}` } });
  return paginated(Supplier).parse(await response.json()).data;
}

/** A wine with a name of its own, in stock, whose supplier delivers to the buyer's state on set days; skips the first `skip` such wines. */
async function wineWithDeliveryDays(skip = 0): Promise<{ item: CatalogProduct; terms: DeliveryTerms; state: string }> {
  const state = (await app().service.account()).address.state;
  const suppliers = new Map((await demoSuppliers()).map((supplier) => [supplier.id, supplier]));
  const products = await app().service.allProducts();
  const found = products.filter((item) => {
    const terms = suppliers.get(item.supplier.id)?.delivery_terms;
    return terms && routeFor(terms, state) && item.inventory_available >= item.minimum_order && products.filter((other) => other.name === item.name).length === 1;
  });
  const item = found[skip];
  if (!item) throw new Error(`the demo catalog has no wine whose supplier delivers to ${state} on set days`);
  return { item, terms: suppliers.get(item.supplier.id)!.delivery_terms!, state };
}

describe('delivery dates (issue 26)', () => {
  it('the cart shows the next delivery and its cutoff; the buyer chooses a later date, and the service’s order has it', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, terms, state } = await wineWithDeliveryDays();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(item.name);
    await page.getByRole('button', { name: `Add ${formatCases(item.minimum_order)} of ${item.name} to the cart` }).click();
    await goTo(page, 'Cart');

    const [next, second] = upcomingDeliveries(terms, state, new Date(), 2) as [DeliveryOption, DeliveryOption];
    await page.getByText(`Next delivery: ${formatDeliveryDate(next.date)} — order within`).waitFor({ timeout: WAIT.short });
    const select = page.getByLabel(`Delivery date from ${item.supplier.name}`);
    await select.selectOption(second.date);
    await screenshot('cart-delivery-date');
    const { number } = await placeAndConfirm(page, item.supplier.name);
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    expect((await app().service.order(placed.id)).requested_delivery_date).toBe(second.date);
    problems.assertNone('the delivery date journey');
    await close();
  });

  // Last: it stops the service.
  it('an order queued offline whose date’s cutoff has passed goes to review and is never sent', async () => {
    const { page, problems, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const { item, terms, state } = await wineWithDeliveryDays(1);
    // A delivery date whose cutoff passed a few minutes ago by the outbox's clock. The page's
    // clock is set half an hour before that cutoff: the cart offers the date, as it did to a buyer
    // who chose it then; by the time the order reaches the outbox, the cutoff has passed.
    const now = Date.now();
    const lapsed = upcomingDeliveries(terms, state, new Date(now - 14 * 86_400_000), 30)
      .filter((option) => Date.parse(option.cutoffAt) < now - 5 * 60_000)
      .at(-1);
    if (!lapsed) throw new Error('no delivery date with a cutoff in the last two weeks');
    await waitForCatalog(page, app().catalogSize);
    const ordersBefore = await app().service.orderCount();

    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await page.clock.setFixedTime(new Date(Date.parse(lapsed.cutoffAt) - 30 * 60_000));
    await searchField(page).fill(item.name);
    await page.getByRole('button', { name: `Add ${formatCases(item.minimum_order)} of ${item.name} to the cart` }).click();
    await goTo(page, 'Cart');
    await page.getByLabel(`Delivery date from ${item.supplier.name}`).selectOption(lapsed.date);
    await page.getByText(`Next delivery: ${formatDeliveryDate(lapsed.date)} — order within 30 min`).waitFor({ timeout: WAIT.short });
    await page.getByRole('button', { name: 'Place order', exact: true }).click();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${item.supplier.name}: Needs review` }) });
    await card.waitFor({ timeout: WAIT.short });
    await card.getByText(`The order cutoff for delivery on ${formatDeliveryDate(lapsed.date)} passed before this order could be sent`).first().waitFor();
    expect(await card.getByLabel('Delivery date').inputValue()).toBe('');

    await app().startService();
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ state: 'detached', timeout: WAIT.fulfilment });
    // Back online, the order stays for review: the service never had it.
    await page.waitForTimeout(3_000);
    expect(await app().service.orderCount()).toBe(ordersBefore);
    await card.waitFor();
    problems.clear();
    await close();
  });
});
