import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../renderer/lib/queryKeys';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe("the catalog's results and the last orders", { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('read the last orders through one subscription for the whole list, not one a row, in both views', async () => {
    const { queryClient } = renderApp(createFakeBridge().bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    const subscriptions = () => queryClient.getQueryCache().find({ queryKey: queryKeys.lastOrdered, exact: true })?.getObserversCount();

    const cards = await screen.findByRole('list', { name: 'Products' }, slow);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(subscriptions()).toBe(1), slow);

    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Products' }, slow);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    await waitFor(() => expect(subscriptions()).toBe(1), slow);
  });
});
