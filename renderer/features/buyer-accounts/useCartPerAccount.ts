import { useEffect } from 'react';
import { useSession } from '../../lib/useSession';
import { bindCartToAccount } from '../cart/cartStore';

/** Keeps the cart in step with the active buyer account: each account has its own. */
export function useCartPerAccount(): void {
  const buyerAccountId = useSession().data?.buyerAccountId ?? null;
  useEffect(() => {
    if (buyerAccountId) bindCartToAccount(buyerAccountId);
  }, [buyerAccountId]);
}
