import * as Dialog from '@radix-ui/react-dialog';
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import { formatWineName } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { showToast } from '../../app/toastStore';
import { errorMessage } from '../../lib/bridgeErrors';
import { guideNameProblem, readPar, serverFieldError } from './guideForm';
import { useCreateGuide, useSetGuideLine } from './mutations';
import { useOrderGuides } from './queries';

const NEW_GUIDE = 'new';

/** What the dialog needs of a product: enough to tell it from wines of the same name. */
type GuideProduct = Pick<CatalogProduct, 'id' | 'name' | 'minimum_order' | 'vintage' | 'size_ml'>;

const wineNameOf = (product: GuideProduct) => formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });

/**
 * "Add to guide" for a catalog row or the product page: choose a guide (or name a new one) and a
 * par. The dialog is rendered only once opened: a closed dialog's root in every row of a list was
 * rendered again for every keystroke's results. Closing it puts the focus back on the button.
 */
export const AddToGuide = memo(function AddToGuide({ product, compact = false }: { product: GuideProduct; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={compact ? 'guide-button compact' : 'guide-button'}
        aria-label={`Add to guide: ${product.name}`}
        title="Add to an order guide"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={() => setOpen(true)}
      >
        {compact ? '+☰' : 'Add to guide'}
      </button>
      {open ? (
        <Dialog.Root open onOpenChange={setOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog-overlay" />
            <Dialog.Content
              id={contentId}
              className="dialog"
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                buttonRef.current?.focus();
              }}
            >
              <Dialog.Title className="dialog-title">Add to an order guide</Dialog.Title>
              <Dialog.Description className="dialog-description">{wineNameOf(product)}</Dialog.Description>
              <AddToGuideForm product={product} onDone={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </>
  );
});

function AddToGuideForm({ product, onDone }: { product: GuideProduct; onDone(): void }) {
  const id = useId();
  const guides = useOrderGuides();
  const items = guides.data?.items ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [par, setPar] = useState(String(product.minimum_order));
  const [errors, setErrors] = useState<{ name?: string; par?: string; form?: string }>({});
  const create = useCreateGuide();
  const setLine = useSetGuideLine();
  const chosen = choice ?? items[0]?.id ?? NEW_GUIDE;
  const busy = create.isPending || setLine.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parCheck = readPar(par);
    const nameError = chosen === NEW_GUIDE ? guideNameProblem(newName) : null;
    if (!parCheck.ok || nameError) {
      setErrors({ ...(parCheck.ok ? {} : { par: parCheck.message }), ...(nameError ? { name: nameError } : {}) });
      return;
    }
    setErrors({});
    try {
      const guideId = chosen === NEW_GUIDE ? (await create.mutateAsync({ name: newName, from: { kind: 'empty' } })).id : chosen;
      const guide = await setLine.mutateAsync({ id: guideId, productId: product.id, par: parCheck.value });
      showToast({ tone: 'success', title: `Added ${wineNameOf(product)} to ${guide.name}`, description: `Par: ${parCheck.value}.` });
      onDone();
    } catch (error) {
      setErrors({ name: serverFieldError(error, 'name') ?? undefined, par: serverFieldError(error, 'par') ?? undefined, form: errorMessage(error) });
    }
  };

  if (guides.isError) return <p className="field-error" role="alert">The guides could not be read: {errorMessage(guides.error)}</p>;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add to an order guide">
      <div className="field">
        <label htmlFor={`${id}-guide`}>Guide</label>
        <select id={`${id}-guide`} value={chosen} onChange={(event) => setChoice(event.target.value)}>
          {items.map((guide) => (
            <option key={guide.id} value={guide.id}>
              {guide.name}
            </option>
          ))}
          <option value={NEW_GUIDE}>A new guide…</option>
        </select>
      </div>
      {chosen === NEW_GUIDE ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>Name of the new guide</label>
          <input
            id={`${id}-name`}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          {errors.name ? <p id={`${id}-name-error`} className="field-error">{errors.name}</p> : null}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-par`}>Par (cases to keep)</label>
        <input
          id={`${id}-par`}
          inputMode="numeric"
          value={par}
          onChange={(event) => setPar(event.target.value)}
          aria-invalid={errors.par ? true : undefined}
          aria-describedby={errors.par ? `${id}-par-error` : undefined}
        />
        {errors.par ? <p id={`${id}-par-error`} className="field-error">{errors.par}</p> : null}
      </div>
      {errors.form && !errors.name && !errors.par ? <p className="field-error" role="alert">Not added: {errors.form}</p> : null}
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button">Cancel</button>
        </Dialog.Close>
        <button type="submit" className="primary" disabled={busy}>
          Add to guide
        </button>
      </div>
    </form>
  );
}
