import { fireEvent, screen } from '@testing-library/react';
import type { CaseworksBridge } from '../../../shared/bridge';
import { renderApp } from './render';

/** Opens the cart on the account's address, presses `button` and waits until the cart has gone to the outbox. */
export async function placeCart(bridge: CaseworksBridge, button = 'Place order'): Promise<void> {
  const slow = { timeout: 5000 };
  renderApp(bridge, '#/cart');
  await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
  fireEvent.click(screen.getByRole('button', { name: button }));
  await screen.findByText('Your cart is empty', undefined, slow);
}
