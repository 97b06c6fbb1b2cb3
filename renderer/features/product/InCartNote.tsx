import { routeHref } from '../../app/routes';

/**
 * Under an add-to-cart form: what was just added, or what the cart holds of this line (`inCart`,
 * already in words), and a link to the cart once there is either.
 */
export function InCartNote({ added, inCart }: { added: string | null; inCart: string | null }) {
  return (
    <p className="field-hint" aria-live="polite">
      {added ?? (inCart ? `${inCart} in the cart.` : '')}
      {added || inCart ? (
        <>
          {' '}
          <a href={routeHref({ screen: 'cart' })}>Go to cart</a>
        </>
      ) : null}
    </p>
  );
}
