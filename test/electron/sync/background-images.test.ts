import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import type { ImageFailure, ImageResult } from '../../../electron/core/images/image-cache';
import { syncImages } from '../../../electron/core/sync/background-datasets';
import type { SyncContext } from '../../../electron/core/sync/sync-context';

const urls = Array.from({ length: 12 }, (_, index) => `https://img.test/${index}.png`);

/** The parts of a sync's context the image step uses: the listed image addresses and the statuses. */
function imageContext() {
  const failed: string[] = [];
  const context = {
    store: { imageUrls: async () => ({ ok: true, value: urls }) },
    statuses: { setCount: () => {}, failed: (_dataset: string, error: string) => failed.push(error), succeeded: () => {} },
    scope: () => ({ account: 'acct' }),
    nowIso: () => '2026-11-27T00:00:00.000Z',
    emit: () => {},
  } as unknown as SyncContext;
  return { context, failed };
}

/** An image cache whose every download fails the same way; counts the downloads tried. */
function failingImages(failure: ImageFailure, error: string) {
  let tried = 0;
  return {
    images: {
      has: async () => false,
      count: async () => 0,
      get: async (): Promise<ImageResult> => {
        tried += 1;
        return { ok: false, failure, error, retryable: true };
      },
    },
    tried: () => tried,
  };
}

describe('keeping images offline', () => {
  it('stops trying once the image host cannot be reached, whatever the failure\'s words', async () => {
    const { context, failed } = imageContext();
    const cache = failingImages('unreachable', 'The image server could not be reached.');
    const outcome = await syncImages(context, { images: cache.images, prefetchLimit: urls.length, limit: pLimit(1), signal: new AbortController().signal });
    expect(outcome).toMatchObject({ dataset: 'images', result: 'failed', error: 'The image server could not be reached.' });
    expect(cache.tried(), 'the rest were not tried').toBe(1);
    expect(failed).toEqual(['The image server could not be reached.']);
  });

  it('tries every image when one is refused for itself, even if its words mention the network', async () => {
    const { context } = imageContext();
    const cache = failingImages('http_status', 'The image could not be downloaded (HTTP 404): the network answered not found.');
    await syncImages(context, { images: cache.images, prefetchLimit: urls.length, limit: pLimit(1), signal: new AbortController().signal });
    expect(cache.tried()).toBe(urls.length);
  });
});
