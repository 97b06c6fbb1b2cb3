import type { OutboxEntry } from '../../../../shared/bridge';
import { useWineNames } from '../../orders/useWineNames';

/** "3 × Ashby Pinot Noir 2019 · 750 ml, 2 × …": what an order on its way holds, each wine told apart. */
export function OutboxItems({ entry }: { entry: OutboxEntry }) {
  const names = useWineNames(entry.order.items);
  return (
    <p className="outbox-items">
      {entry.order.items.map((item, index) => `${item.quantity} × ${names[index] ?? item.product_id}`).join(', ')}
    </p>
  );
}
