import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/schemas';
import { HistoryFilters } from './HistoryFilters';
import { OrderList } from './OrderList';
import { STATUS_LABELS } from './statusLabels';

type Tab = OrderStatus | 'all';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export default function OrdersScreen() {
  const [tab, setTab] = useState<Tab>('all');
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <HistoryFilters />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List className="tabs" aria-label="Order status">
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className="tab">
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value }) => (
          <Tabs.Content key={value} value={value} className="tab-panel">
            {tab === value ? <OrderList status={value} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
