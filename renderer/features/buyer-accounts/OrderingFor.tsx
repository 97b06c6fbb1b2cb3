import { useSession } from '../../lib/useSession';

/** Which buyer account an order or the cart is for: the active account's name, or the service's id of another. */
export function OrderingFor({ accountId, lead = 'For' }: { accountId?: string | null; lead?: string }) {
  const account = useSession().data?.account;
  if (!account) return null;
  const name = accountId === undefined || accountId === null || accountId === account.id ? account.name : accountId;
  return (
    <p className="ordering-for">
      {lead} <strong>{name}</strong>
    </p>
  );
}
