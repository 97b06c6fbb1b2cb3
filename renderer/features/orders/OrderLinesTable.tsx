import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/format';
import type { Order } from '../../../shared/schemas';
import { formatBottles } from '../../../shared/split-case';
import { substitutionNote } from './substitutionWords';

type OrderLine = Order['items'][number];

/**
 * An order's lines: product, cases, case price, line total — on the order screen and on the order
 * sheet. `names` are the wine names in line order (the line's own name where one is missing);
 * `product` draws the product cell (the screen adds a star and a link, paper keeps the name).
 */
export function OrderLinesTable({
  items,
  names,
  className,
  product = (_item, name) => name,
}: {
  items: readonly OrderLine[];
  names: readonly string[];
  className: string;
  product?: (item: OrderLine, name: string) => ReactNode;
}) {
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">Cases</th>
          <th scope="col" className="num">Case price</th>
          <th scope="col" className="num">Line total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={item.id}>
            <td>
              {product(item, names[index] ?? item.product_name)}
              {item.substitution ? <p className="substitution-note">{substitutionNote(item.substitution)}</p> : null}
            </td>
            {/* A line of bottles (a split case, issue 26) says so: its quantity counts bottles, its price is a bottle's. */}
            <td className="num">{item.unit === 'bottle' ? formatBottles(item.quantity) : item.quantity}</td>
            <td className="num">{item.unit === 'bottle' ? `${formatCents(item.unit_price_cents)} a bottle` : formatCents(item.unit_price_cents)}</td>
            <td className="num">{formatCents(item.total_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
