import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatWineName } from '../../../shared/format';
import { useUiStore } from '../../app/uiStore';
import { errorMessage } from '../../lib/bridgeErrors';
import { toCartProduct } from '../cart/cartProduct';
import { useCartStore } from '../cart/cartStore';
import { caseLineOf } from '../cart/cartQuantities';
import { useLookupProductCode } from './mutations';
import { createScannerCapture } from './scannerCapture';

/** A success names the cart line it changed, so it can go once the cart no longer says that. */
type Feedback = { tone: 'success'; text: string; productId: string; quantity: number } | { tone: 'error'; text: string };

/**
 * Takes a scanner's keystrokes (the code, then Enter) or typing: looks the code up in the offline
 * catalog and puts the product in the cart at its minimum order.
 */
export function BarcodeField() {
  const add = useCartStore((state) => state.add);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [latest, setFeedback] = useState<Feedback | null>(null);
  const lineQuantity = useCartStore((state) =>
    latest?.tone === 'success' ? (caseLineOf(state.lines, latest.productId)?.quantity ?? 0) : null,
  );
  // "Added 2 × … (now 2)" is true only while the cart still holds that; emptied or changed, it goes.
  const feedback = latest?.tone === 'success' && lineQuantity !== latest.quantity ? null : latest;
  const focusRequest = useUiStore((state) => state.barcodeFocusRequest);
  const lookup = useLookupProductCode();

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  const lookUp = async (raw: string) => {
    const value = raw.trim();
    if (!value) {
      setFeedback({ tone: 'error', text: 'Scan a barcode or type a UPC or SKU first.' });
      return;
    }
    if (value.length > 64) {
      setFeedback({ tone: 'error', text: 'That code is too long to be a UPC or SKU.' });
      return;
    }
    try {
      const { product } = await lookup.mutateAsync(value);
      if (!product) {
        setFeedback({ tone: 'error', text: `No product with the code ${value} in the catalog.` });
        inputRef.current?.select();
        return;
      }
      const result = add(toCartProduct(product), product.minimum_order);
      const name = formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
      if (result.ok) {
        setFeedback({ tone: 'success', text: `Added ${product.minimum_order} × ${name} to the cart (now ${result.value}).`, productId: product.id, quantity: result.value });
        setCode('');
      } else {
        setFeedback({ tone: 'error', text: `${name}: ${result.message}` });
      }
    } catch (error) {
      setFeedback({ tone: 'error', text: `Could not look up ${value}: ${errorMessage(error)}` });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp(code);
  };

  const lookUpRef = useRef(lookUp);
  useEffect(() => {
    lookUpRef.current = lookUp;
  });
  useEffect(() => {
    const capture = createScannerCapture((scanned) => {
      setCode(scanned);
      void lookUpRef.current(scanned);
    });
    window.addEventListener('keydown', capture);
    return () => window.removeEventListener('keydown', capture);
  }, []);

  return (
    <form className="barcode" onSubmit={onSubmit} role="search" aria-label="Barcode">
      <label htmlFor={id}>Barcode</label>
      <input
        ref={inputRef}
        id={id}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        placeholder="UPC or SKU"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-feedback`}
        aria-invalid={feedback?.tone === 'error' ? true : undefined}
        aria-keyshortcuts="Alt+B"
      />
      <button type="submit" disabled={lookup.isPending}>
        Add by code
      </button>
      <p id={`${id}-feedback`} className={`barcode-feedback ${feedback?.tone ?? ''}`} aria-live="polite">
        {feedback?.text}
      </p>
    </form>
  );
}
