import type { BuyerAccount } from '../../../shared/bridge';
import { formatCount } from '../../../shared/format';

/** Where an account lives, in a few words: "demo marketplace" or the service's host. */
export function serviceLabel(account: Pick<BuyerAccount, 'mode' | 'baseUrl'>): string {
  if (account.mode === 'demo') return 'demo marketplace';
  if (!account.baseUrl) return 'its service';
  try {
    return new URL(account.baseUrl).host;
  } catch {
    return account.baseUrl;
  }
}

/** "2 orders waiting", or nothing when none wait. */
export function queuedLabel(queuedOrders: number): string | null {
  return queuedOrders > 0 ? `${formatCount(queuedOrders, 'order', 'orders')} waiting` : null;
}
