import type { OutboxEntry } from '../../../../shared/bridge';
import { useWineNames } from '../../orders/useWineNames';
import { formatBottles } from '../../../../shared/split-case';

/** "3 × Ashby Pinot Noir 2019 · 750 ml, 5 bottles × …": what an order on its way holds (cases, or bottles of a split case), each wine told apart. */
export function OutboxItems({ entry }: { entry: OutboxEntry }) {
  const names = useWineNames(entry.order.items);
  return (
    <p className="outbox-items">
      {entry.order.items
        .map((item, index) => `${item.unit === 'bottle' ? formatBottles(item.quantity) : item.quantity} × ${names[index] ?? item.product_id}`)
        .join(', ')}
    </p>
  );
}
