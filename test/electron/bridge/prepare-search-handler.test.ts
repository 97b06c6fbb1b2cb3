import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createCatalogHandlers, type CatalogHandlerDeps } from '../../../electron/bridge/handlers/catalog';
import { createRecordingHandlers } from '../../support/recording-handlers';

/** The catalog's handlers over the dispatcher, with only what `prepareSearch` uses. */
function dispatcherWith(readSearchIndex?: () => Promise<boolean>) {
  const deps = { ...(readSearchIndex ? { readSearchIndex } : {}) } as CatalogHandlerDeps;
  return createDispatcher({ handlers: { ...createRecordingHandlers(), ...createCatalogHandlers(deps) } });
}

describe('prepareSearch over the bridge', () => {
  it('has the offline worker read the search index, and says whether this call read it', async () => {
    const readSearchIndex = vi.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const dispatcher = dispatcherWith(readSearchIndex);
    expect(await dispatcher.dispatch('prepareSearch', {})).toEqual({ ok: true, data: { read: true } });
    expect(await dispatcher.dispatch('prepareSearch', {})).toEqual({ ok: true, data: { read: false } });
    expect(readSearchIndex).toHaveBeenCalledTimes(2);
  });

  it('reads nothing where there is no offline copy to search', async () => {
    expect(await dispatcherWith().dispatch('prepareSearch', {})).toEqual({ ok: true, data: { read: false } });
  });
});
