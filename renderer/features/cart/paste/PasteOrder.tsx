import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatCases, formatCount } from '../../../../shared/format';
import { PASTED_ORDER_MAX_LINES, parsePastedOrder, pastedQuantityLabel } from '../../../../shared/pasted-order';
import type { CatalogProduct } from '../../../../shared/schemas';
import { showToast } from '../../../app/toastStore';
import { ErrorMessage, Loading } from '../../../components/QueryStates';
import { toCartProduct } from '../cartProduct';
import { useCartStore } from '../cartStore';
import { useMatchProductCodes } from './mutations';
import {
  codesToMatch,
  corrected,
  entriesOf,
  productLabel,
  reviewRows,
  summaryOf,
  toAdd,
  type CodeMatches,
  type ReviewEntry,
  type ReviewRow,
  type ReviewSummary,
} from './pastedOrderReview';

/** "Paste an order" in the cart: lines of SKU or UPC and cases, matched offline, reviewed, then added in one act. */
export function PasteOrder() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button">Paste an order</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog pasted-order">
          <Dialog.Title className="dialog-title">Paste an order</Dialog.Title>
          <Dialog.Description className="dialog-description">
            One product per line: its SKU or UPC, then the number of cases, with a tab, comma, semicolon or space between (as copied from a spreadsheet or an
            email). A code alone, as a scanner types it, is one case. Lines are matched against the offline catalog, so this works without a network.
          </Dialog.Description>
          {open ? <PasteOrderForm onDone={() => setOpen(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface Review {
  entries: ReviewEntry[];
  blankLines: number;
}

function PasteOrderForm({ onDone }: { onDone(): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [matches, setMatches] = useState<CodeMatches>(new Map());
  const [detailsIncomplete, setDetailsIncomplete] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  /** Set when the buyer fixes or drops a line: the focus moves on once the rows show the result. */
  const focusNext = useRef(false);
  const match = useMatchProductCodes();
  const cartLines = useCartStore((state) => state.lines);
  const addMany = useCartStore((state) => state.addMany);
  const tableRef = useRef<HTMLTableElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const inCart = useMemo(() => {
    const quantities = new Map(cartLines.map((line) => [line.productId, line.quantity]));
    return (productId: string) => quantities.get(productId) ?? 0;
  }, [cartLines]);
  const rows = useMemo(() => (review ? reviewRows(review.entries, matches, inCart) : []), [review, matches, inCart]);
  const summary = summaryOf(rows);
  const adding = toAdd(rows);

  const requestMatches = async (entries: readonly ReviewEntry[], known: CodeMatches) => {
    const codes = codesToMatch(entries, known);
    if (codes.length === 0) return;
    try {
      const answer = await match.mutateAsync(codes);
      setMatches((before) => new Map([...before, ...answer.matches.map((found) => [found.code, found.products] as const)]));
      setDetailsIncomplete(answer.detailsIncomplete);
    } catch {
      // Shown from the mutation's error, with "Try again".
    }
  };

  // After the buyer fixes or drops a line, the next line that waits (or "Add") has the focus.
  useEffect(() => {
    if (!focusNext.current || summary.matching > 0) return;
    focusNext.current = false;
    const next = tableRef.current?.querySelector<HTMLElement>('tr[data-waiting] :is(input, select)');
    (next ?? addRef.current ?? summaryRef.current)?.focus();
  }, [summary.matching, rows]);

  const onMatch = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePastedOrder(text);
    if (!parsed.ok) {
      setRefusal(parsed.message);
      return;
    }
    setRefusal(null);
    setAddError(null);
    const entries = entriesOf(parsed.lines);
    setReview({ entries, blankLines: parsed.blankLines });
    void requestMatches(entries, matches);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const updateEntry = (index: number, entry: ReviewEntry) => {
    if (!review) return;
    const entries = review.entries.map((current, at) => (at === index ? entry : current));
    setReview({ ...review, entries });
    setAddError(null);
    focusNext.current = true;
    void requestMatches([entry], matches);
  };

  const onAdd = () => {
    const result = addMany(adding.map(({ product, quantity }) => ({ product: toCartProduct(product), quantity })));
    if (!result.ok) {
      const name = adding.find((item) => item.product.id === result.productId)?.product.name ?? result.productId;
      setAddError(`Nothing was added: ${name}: ${result.message}`);
      return;
    }
    const cases = adding.reduce((sum, item) => sum + item.quantity, 0);
    showToast({ tone: 'success', title: `Added ${formatCount(adding.length, 'product', 'products')} to the cart`, description: `${formatCases(cases)} from a pasted order.` });
    onDone();
  };

  if (!review) {
    return (
      <form onSubmit={onMatch} noValidate aria-label="Paste an order">
        <div className="field">
          <label htmlFor={`${id}-text`}>Lines to match</label>
          <textarea
            id={`${id}-text`}
            className="pasted-order-text"
            rows={10}
            value={text}
            spellCheck={false}
            placeholder={'SKU-00012\t3\n036000291452, 2\n036000291452'}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal ${id}-hint` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="field-hint">
            At most {PASTED_ORDER_MAX_LINES} lines at once. A first line of column names (“SKU, Qty”) is skipped. Nothing reaches the cart before you have
            reviewed the lines.
          </p>
          {refusal ? (
            <p id={`${id}-refusal`} className="field-error" role="alert">
              {refusal}
            </p>
          ) : null}
        </div>
        <div className="dialog-actions">
          <Dialog.Close asChild>
            <button type="button">Cancel</button>
          </Dialog.Close>
          <button type="submit" className="primary">
            Match lines
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="pasted-order-review">
      <p ref={summaryRef} tabIndex={-1} id={`${id}-summary`} className="pasted-order-summary" role="status">
        {summaryText(summary, review.blankLines)}
      </p>
      {summary.matching > 0 && match.isPending ? <Loading label={`Matching ${formatCount(summary.matching, 'line', 'lines')} against the offline catalog…`} /> : null}
      {match.isError ? (
        <ErrorMessage error={match.error} title="The lines could not be matched" onRetry={() => void requestMatches(review.entries, matches)} />
      ) : null}
      {detailsIncomplete && summary.waiting > 0 ? (
        <p className="notice">Some products’ SKUs and UPCs are not on this computer yet (the offline copy is still downloading them): a code not found now may be found later.</p>
      ) : null}
      <div className="pasted-order-scroll">
        <table ref={tableRef} className="pasted-order-table" aria-label="Pasted lines">
          <thead>
            <tr>
              <th scope="col" className="num">
                Line
              </th>
              <th scope="col">Pasted</th>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Cases
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <ReviewLine key={row.entry.read.line} row={row} onChange={(entry) => updateEntry(index, entry)} />
            ))}
          </tbody>
        </table>
      </div>
      {addError ? (
        <p className="field-error" role="alert">
          {addError}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={() => setReview(null)}>
          Back to the pasted text
        </button>
        <Dialog.Close asChild>
          <button type="button">Cancel</button>
        </Dialog.Close>
        <button ref={addRef} type="button" className="primary" disabled={adding.length === 0} onClick={onAdd} aria-describedby={`${id}-summary`}>
          {adding.length > 0 ? `Add ${formatCount(adding.length, 'product', 'products')} to the cart` : 'Add to the cart'}
        </button>
      </div>
    </div>
  );
}

function summaryText(summary: ReviewSummary, blankLines: number): string {
  const parts: string[] = [];
  if (summary.matching > 0) parts.push(`${formatCount(summary.matching, 'line is', 'lines are')} being matched.`);
  if (summary.waiting > 0) parts.push(`${formatCount(summary.waiting, 'line needs', 'lines need')} you: fix or drop ${summary.waiting === 1 ? 'it' : 'them'} before adding.`);
  parts.push(
    summary.ready > 0
      ? `${formatCount(summary.ready, 'line is', 'lines are')} ready: ${formatCases(summary.cases)}.`
      : 'No line is ready to add yet.',
  );
  const left: string[] = [];
  if (summary.dropped > 0) left.push(`${formatCount(summary.dropped, 'line', 'lines')} dropped`);
  if (summary.skipped > 0) left.push(`${formatCount(summary.skipped, 'header row', 'header rows')} skipped`);
  if (blankLines > 0) left.push(`${formatCount(blankLines, 'blank line', 'blank lines')} skipped`);
  if (left.length > 0) parts.push(`Left out: ${left.join(', ')}.`);
  return parts.join(' ');
}

function ReviewLine({ row, onChange }: { row: ReviewRow; onChange(entry: ReviewEntry): void }) {
  const id = useId();
  const { entry, state } = row;
  const { read } = entry;
  const waiting = state.kind === 'fix' || state.kind === 'choose';
  const drop = (
    <button type="button" onClick={() => onChange({ ...entry, dropped: true })} aria-label={`Drop line ${read.line}`}>
      Drop
    </button>
  );
  return (
    <tr data-waiting={waiting ? true : undefined} className={`pasted-line ${state.kind}`}>
      <td className="num">{read.line}</td>
      <td>
        <code className="pasted-text">{read.shown}</code>
      </td>
      <td>
        {state.kind === 'ready' ? (
          <span>{productLabel(state.product)}</span>
        ) : state.kind === 'matching' ? (
          <span className="muted">Matching…</span>
        ) : state.kind === 'dropped' ? (
          <span className="muted">Dropped: not added.</span>
        ) : state.kind === 'skipped' ? (
          <span className="muted">{state.message}</span>
        ) : state.kind === 'choose' ? (
          <ChooseProduct id={id} line={read.line} message={state.message} products={state.products} onChoose={(choice) => onChange({ ...entry, choice })} />
        ) : (
          <p id={`${id}-message`} className="field-error">
            {state.message}
          </p>
        )}
      </td>
      <td className="num">{state.kind === 'ready' && read.kind === 'order' ? pastedQuantityLabel(read) : '—'}</td>
      <td className="pasted-line-actions">
        {state.kind === 'fix' ? (
          <LineFix id={id} line={read.line} initial={read.shown} onCorrect={(text) => onChange(corrected(entry, text))} />
        ) : null}
        {state.kind === 'dropped' ? (
          <button type="button" onClick={() => onChange({ ...entry, dropped: false })} aria-label={`Keep line ${read.line}`}>
            Keep
          </button>
        ) : state.kind === 'skipped' || state.kind === 'matching' ? null : (
          drop
        )}
      </td>
    </tr>
  );
}

function ChooseProduct({ id, line, message, products, onChoose }: { id: string; line: number; message: string; products: CatalogProduct[]; onChoose(choice: string): void }) {
  return (
    <div className="field">
      <p id={`${id}-message`} className="field-error">
        {message}
      </p>
      <label htmlFor={`${id}-choice`} className="visually-hidden">
        Product for line {line}
      </label>
      <select id={`${id}-choice`} value="" aria-describedby={`${id}-message`} onChange={(event) => event.target.value && onChoose(event.target.value)}>
        <option value="">Choose a product…</option>
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {productLabel(product)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The line as the buyer corrects it: Enter or "Check" reads and matches it again. */
function LineFix({ id, line, initial, onCorrect }: { id: string; line: number; initial: string; onCorrect(text: string): void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="pasted-line-fix"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCorrect(text);
      }}
    >
      <label htmlFor={`${id}-fix`} className="visually-hidden">
        Correct line {line}
      </label>
      <input id={`${id}-fix`} value={text} spellCheck={false} aria-describedby={`${id}-message`} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Check</button>
    </form>
  );
}
