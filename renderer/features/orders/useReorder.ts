import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatWineName } from '../../../shared/format';
import type { Order, OrderItem, Product } from '../../../shared/schemas';
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

const wineName = (product: Product) => formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });

/**
 * The product a line of the order goes back into the cart as: the wine the buyer asked for, also
 * when the service filled the line with its backup (`substitution`) — the backup was the second
 * choice, and it becomes that line's backup again.
 */
const askedFor = (item: OrderItem) => ({
  productId: item.substitution?.requested_product_id ?? item.product_id,
  productName: item.substitution?.requested_product_name ?? item.product_name,
  backupId: item.substitution ? item.product_id : null,
});

/** Puts an order's products back in the cart at the same quantities and units, checked against today's stock and minimums. */
export function useReorder() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const add = useCartStore((state) => state.add);
  const setBackup = useCartStore((state) => state.setBackup);
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  const [running, setRunning] = useState(false);

  const readProduct = async (productId: string) => (await queryClient.fetchQuery(productQuery(bridge, productId))).data;

  /** Names the wine that was sent instead as the line's backup again; the words for the outcome, or null when it cannot be read now. */
  const keepBackup = async (productId: string, backupId: string): Promise<string | null> => {
    try {
      const backup = await readProduct(backupId);
      setBackup(productId, { productId: backupId, name: wineName(backup), casePriceCents: backup.case_price_cents });
      return ` (${wineName(backup)} as its backup)`;
    } catch {
      return null;
    }
  };

  const reorder = async (order: Order) => {
    setRunning(true);
    const result: ReorderOutcome = { added: [], skipped: [] };
    for (const item of order.items) {
      const wanted = askedFor(item);
      try {
        const product = await readProduct(wanted.productId);
        const name = formatWineName({ name: wanted.productName, vintage: product.vintage, sizeMl: product.size_ml });
        const unit = item.unit ?? 'case';
        // A line of bottles (a split case) goes back as bottles, checked by today's split-case terms.
        const check = add(toCartProduct(product), item.quantity, unit);
        if (!check.ok) {
          result.skipped.push(`${name}: ${check.message}`);
          continue;
        }
        // Backups are named on lines of cases only.
        const backupWords = wanted.backupId !== null && unit === 'case' ? await keepBackup(wanted.productId, wanted.backupId) : null;
        result.added.push(`${unit === 'bottle' ? formatBottles(item.quantity) : item.quantity} × ${name}${backupWords ?? ''}`);
      } catch (error) {
        result.skipped.push(`${wanted.productName}: ${errorMessage(error)}`);
      }
    }
    setOutcome(result);
    setRunning(false);
  };
  return { reorder, outcome, running };
}
