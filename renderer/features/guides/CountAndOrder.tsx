import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { OrderGuideView } from '../../../shared/bridge';
import { formatCases, formatCount } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { toCartProduct } from '../cart/cartProduct';
import { useCartStore } from '../cart/cartStore';
import { caseLineOf } from '../cart/cartQuantities';
import { planLine, type LinePlan } from './linePlan';
import { guideLineName } from './guideLineName';

interface Filled {
  name: string;
  quantity: number;
  note: string | null;
  /** What the cart held of it before (the count replaces it). */
  before: number | null;
}

interface Report {
  filled: Filled[];
  unfilled: { name: string; message: string }[];
  enough: number;
}

const nameOf = guideLineName;

/**
 * "Count and order": one on-hand field a line, Enter or Tab to the next; the cart gets par − on hand
 * of each (the rule is `planLine`), and the report says what could not be filled and why.
 */
export function CountAndOrder({ view }: { view: OrderGuideView }) {
  const id = useId();
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [report, setReport] = useState<Report | null>(null);
  const [blocked, setBlocked] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const fillButton = useRef<HTMLButtonElement | null>(null);
  const lines = view.lines.map((line) => ({ line, plan: planLine({ ...line, onHand: counts[line.productId] ?? '' }) }));
  const firstInvalid = lines.findIndex(({ plan }) => plan.kind === 'invalid');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = inputs.current[index + 1];
    if (next) next.focus();
    else fillButton.current?.focus();
  };

  const fill = () => {
    if (firstInvalid >= 0) {
      setBlocked(true);
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setBlocked(false);
    const cart = useCartStore.getState();
    const next: Report = { filled: [], unfilled: [], enough: 0 };
    for (const { line, plan } of lines) {
      const name = nameOf(line);
      if (plan.kind === 'enough') next.enough += 1;
      else if (plan.kind === 'unfilled' || plan.kind === 'invalid') next.unfilled.push({ name, message: plan.message });
      else if (line.product) {
        const product = toCartProduct(line.product);
        const existing = caseLineOf(useCartStore.getState().lines, product.productId);
        if (existing) cart.refreshProduct(product);
        const result = existing ? cart.setQuantity(product.productId, plan.quantity) : cart.add(product, plan.quantity);
        if (result.ok) next.filled.push({ name, quantity: result.value, note: plan.note, before: existing?.quantity ?? null });
        else next.unfilled.push({ name, message: result.message });
      }
    }
    setReport(next);
  };

  const cases = report?.filled.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <div className="count-and-order">
      <p className="muted" id={`${id}-help`}>
        Enter what is on hand for each product (Enter or Tab moves to the next). The cart gets the par minus what is on hand, rounded up to
        the minimum order and cut to the stock.
      </p>
      <table className="guide-table" aria-label="Count on hand">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">Par</th>
            <th scope="col">On hand (cases)</th>
            <th scope="col" className="num">To order</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line, plan }, index) => (
            <CountRow
              key={line.productId}
              name={nameOf(line)}
              par={line.par}
              value={counts[line.productId] ?? ''}
              plan={plan}
              typed={(counts[line.productId] ?? '') !== ''}
              inputRef={(element) => {
                inputs.current[index] = element;
              }}
              onChange={(value) => setCounts((current) => ({ ...current, [line.productId]: value }))}
              onKeyDown={(event) => onKeyDown(event, index)}
            />
          ))}
        </tbody>
      </table>
      {blocked && firstInvalid >= 0 ? (
        <p className="field-error" role="alert">
          Some counts are not whole numbers of cases; fix the ones marked above, then fill the cart.
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" ref={fillButton} onClick={fill}>
          Fill the cart
        </button>
      </div>
      <div role="status" className="count-report" aria-label="What was put in the cart">
        {report ? (
          <>
            <p>
              {report.filled.length > 0
                ? `Put ${formatCount(report.filled.length, 'product', 'products')} (${formatCases(cases)}) in the cart.`
                : 'Nothing was put in the cart.'}{' '}
              {report.enough > 0 ? `${formatCount(report.enough, 'product is', 'products are')} at or above par. ` : ''}
              {report.filled.length > 0 ? <a href={routeHref({ screen: 'cart' })}>Go to the cart</a> : null}
            </p>
            {report.filled.length > 0 ? (
              <ul aria-label="Put in the cart">
                {report.filled.map((line) => (
                  <li key={line.name}>
                    {formatCases(line.quantity)} of {line.name}
                    {line.note ? ` — ${line.note}` : ''}
                    {line.before !== null && line.before !== line.quantity ? ` (was ${line.before} in the cart)` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {report.unfilled.length > 0 ? (
              <>
                <h2 className="count-report-title">Could not fill</h2>
                <ul aria-label="Could not fill">
                  {report.unfilled.map((line) => (
                    <li key={line.name}>
                      {line.name}: {line.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

interface CountRowProps {
  name: string;
  par: number;
  value: string;
  plan: LinePlan;
  typed: boolean;
  inputRef(element: HTMLInputElement | null): void;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

function CountRow({ name, par, value, plan, typed, inputRef, onChange, onKeyDown }: CountRowProps) {
  const id = useId();
  const invalid = plan.kind === 'invalid';
  // Until something is typed, the row says nothing: a blank count is reported only after "Fill the cart".
  const note = !typed ? '' : plan.kind === 'order' ? (plan.note ?? '') : plan.message;
  return (
    <tr>
      <th scope="row" className="guide-product">{name}</th>
      <td className="num">{par}</td>
      <td>
        <input
          ref={inputRef}
          className="count-input"
          inputMode="numeric"
          enterKeyHint="next"
          value={value}
          aria-label={`On hand: ${name}`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
        />
      </td>
      <td className="num">{plan.kind === 'order' ? plan.quantity : '—'}</td>
      <td>
        {note ? (
          <span id={`${id}-note`} className={invalid ? 'field-error' : 'muted'}>
            {note}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
