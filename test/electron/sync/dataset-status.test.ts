import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineStore } from '../../../electron/core/offline/offline-store';
import { createStatusBook } from '../../../electron/core/sync/dataset-status';

const scope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_1' };
const refused = async () => ({ ok: false as const, code: 'disk_full' as const, message: DISK_FULL_MESSAGE });

describe('the datasets\' ages read at start when the offline copy refuses (a full disk)', () => {
  it('shows the copy\'s words as each stored dataset\'s error, rather than rejecting and leaving them "never synced"', async () => {
    const store: Pick<OfflineStore, 'readStatuses' | 'datasetInfo'> = { readStatuses: refused, datasetInfo: refused };
    const book = createStatusBook(store as OfflineStore, () => scope);
    expect(await book.load()).toMatchObject({ ok: false, error: { code: 'storage_error', message: DISK_FULL_MESSAGE, retryable: true } });
    const errors = Object.fromEntries(book.all().map((status) => [status.name, status.error]));
    for (const name of ['suppliers', 'catalog', 'productDetails', 'orders', 'account', 'webhooks']) expect(errors[name]).toBe(DISK_FULL_MESSAGE);
    // The images live in their own cache, not in the offline database.
    expect(errors.images).toBeNull();
  });

  it('a refusal of one dataset\'s size after the saved ages were read is shown the same way', async () => {
    const store: Pick<OfflineStore, 'readStatuses' | 'datasetInfo'> = {
      readStatuses: async () => ({ ok: true, value: [{ name: 'catalog', updatedAt: '2026-11-20T08:00:00.000Z', count: 5, error: null }] }),
      datasetInfo: refused,
    };
    const book = createStatusBook(store as OfflineStore, () => scope);
    expect(await book.load()).toMatchObject({ ok: false, error: { code: 'storage_error' } });
    expect(book.get('catalog')).toMatchObject({ updatedAt: '2026-11-20T08:00:00.000Z', error: DISK_FULL_MESSAGE });
  });
});
