import { useId, useState, type FormEvent } from 'react';
import type { GuideSource } from '../../../shared/bridge';
import { formatCount, formatDateTime } from '../../../shared/format';
import { QueryView } from '../../components/QueryView';
import { routeHref } from '../../app/routes';
import { navigate } from '../../app/useRoute';
import { errorMessage } from '../../lib/bridgeErrors';
import { useOrderHistory } from '../orders/queries';
import { guideNameProblem, serverFieldError } from './guideForm';
import { ImportGuide } from './ImportGuide';
import { useCreateGuide } from './mutations';
import { useOrderGuides } from './queries';

/** The account's order guides: open one, make one (empty, from favourites, from a past order), import one. */
export default function GuidesScreen() {
  const guides = useOrderGuides();
  return (
    <section aria-labelledby="guides-title" className="guides">
      <h1 id="guides-title">Order guides</h1>
      <p className="muted">Lists of the products you reorder, each with a par: the cases to keep. Count what is on hand and Caseworks fills the cart.</p>
      <QueryView query={guides} loading="Loading your order guides…" errorTitle="The order guides could not be loaded">
        {(data) => (
          <>
            {data.problem ? (
              <p className="notice" role="status">
                {data.problem}
              </p>
            ) : null}
            {data.items.length === 0 ? (
              <p>You have no order guides yet.</p>
            ) : (
              <ul className="guide-list" aria-label="Your order guides">
                {data.items.map((guide) => (
                  <li key={guide.id}>
                    <a href={routeHref({ screen: 'guide', id: guide.id })}>{guide.name}</a>{' '}
                    <span className="muted">
                      {formatCount(guide.lines.length, 'product', 'products')} · changed {formatDateTime(guide.updatedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
      <NewGuideForm />
      <ImportGuide />
    </section>
  );
}

function NewGuideForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GuideSource['kind']>('empty');
  const [orderId, setOrderId] = useState('');
  const [errors, setErrors] = useState<{ name?: string; order?: string; form?: string }>({});
  const create = useCreateGuide();
  const orders = useOrderHistory({}, 1, 50);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const nameError = guideNameProblem(name);
    const orderError = kind === 'order' && !orderId ? 'Choose the order to copy.' : null;
    if (nameError || orderError) {
      setErrors({ ...(nameError ? { name: nameError } : {}), ...(orderError ? { order: orderError } : {}) });
      return;
    }
    setErrors({});
    const from: GuideSource = kind === 'order' ? { kind, orderId } : { kind };
    create.mutate(
      { name, from },
      {
        onSuccess: (guide) => navigate({ screen: 'guide', id: guide.id }),
        onError: (error) => setErrors({ name: serverFieldError(error, 'name') ?? undefined, form: errorMessage(error) }),
      },
    );
  };

  return (
    <form className="guide-new" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New guide</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={name}
          placeholder="Friday bar order"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name ? <p id={`${id}-name-error`} className="field-error">{errors.name}</p> : null}
      </div>
      <fieldset>
        <legend>Start from</legend>
        {(
          [
            ['empty', 'Nothing: add products from the catalog'],
            ['favourites', 'My favourites (par: each product’s minimum order)'],
            ['order', 'A past order (par: the cases ordered then)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="radio">
            <input type="radio" name={`${id}-from`} value={value} checked={kind === value} onChange={() => setKind(value)} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === 'order' ? (
        <div className="field">
          <label htmlFor={`${id}-order`}>Order</label>
          <select
            id={`${id}-order`}
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
            aria-invalid={errors.order ? true : undefined}
            aria-describedby={errors.order ? `${id}-order-error` : undefined}
          >
            <option value="">{orders.isPending ? 'Loading orders…' : orders.isError ? 'Orders could not be loaded' : 'Choose an order'}</option>
            {(orders.data?.items ?? []).map((order) => (
              <option key={order.id} value={order.id}>
                {order.order_number} · {order.supplier.name} · {formatDateTime(order.created_at)}
              </option>
            ))}
          </select>
          {errors.order ? <p id={`${id}-order-error`} className="field-error">{errors.order}</p> : null}
        </div>
      ) : null}
      {errors.form && !errors.name ? <p className="field-error" role="alert">The guide was not made: {errors.form}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          Make the guide
        </button>
      </div>
    </form>
  );
}
