import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatWineName } from '../../../shared/format';
import type { Order } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { errorMessage } from '../../lib/bridgeErrors';
import { toCartProduct } from '../cart/cartProduct';
import { useCartStore } from '../cart/cartStore';
import { productQuery } from '../product/queries';
import { formatBottles } from '../../../shared/split-case';

export interface ReorderOutcome {
  added: string[];
  skipped: string[];
}

/** Puts an order's products back in the cart at the same quantities and units, checked against today's stock and minimums. */
export function useReorder() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const add = useCartStore((state) => state.add);
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  const [running, setRunning] = useState(false);

  const reorder = async (order: Order) => {
    setRunning(true);
    const result: ReorderOutcome = { added: [], skipped: [] };
    for (const item of order.items) {
      try {
        const { data: product } = await queryClient.fetchQuery(productQuery(bridge, item.product_id));
        const name = formatWineName({ name: item.product_name, vintage: product.vintage, sizeMl: product.size_ml });
        // A line of bottles (a split case) goes back as bottles, checked by today's split-case terms.
        const check = add(toCartProduct(product), item.quantity, item.unit ?? 'case');
        if (check.ok) result.added.push(`${item.unit === 'bottle' ? formatBottles(item.quantity) : item.quantity} × ${name}`);
        else result.skipped.push(`${name}: ${check.message}`);
      } catch (error) {
        result.skipped.push(`${item.product_name}: ${errorMessage(error)}`);
      }
    }
    setOutcome(result);
    setRunning(false);
  };
  return { reorder, outcome, running };
}
