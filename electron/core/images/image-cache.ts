/**
 * `createImageCache({ dir, fetch, maxBytes })`: product images on disk for offline use, keyed by a
 * hash of the URL, least recently used evicted first once the total passes `maxBytes` (200 MB by
 * default). `get(url)` answers from disk, else downloads (image/* only, size-capped) and stores the
 * file atomically. Used by the app protocol to show images offline and by sync to prefetch them.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { decodeImageFile, encodeImageFile, imageContentType } from './image-file';

export interface ImageCacheOptions {
  dir: string;
  fetch?: typeof fetch;
  maxBytes?: number;
  maxImageBytes?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** Why an image is not here: callers decide by this, the message is for people. */
export type ImageFailure = 'unreachable' | 'http_status' | 'not_image' | 'too_large' | 'interrupted' | 'bad_address';

export type ImageResult =
  | { ok: true; bytes: Buffer; contentType: string; fromCache: boolean }
  | { ok: false; failure: ImageFailure; error: string; retryable: boolean };

interface Entry {
  bytes: number;
  lastUsed: number;
}

export const IMAGE_CACHE_DEFAULTS = { maxBytes: 200 * 1024 * 1024, maxImageBytes: 5 * 1024 * 1024, timeoutMs: 15_000 } as const;

const keyOf = (url: string) => createHash('sha256').update(url).digest('hex');
const FILE_SUFFIX = '.img';

export type ImageCache = ReturnType<typeof createImageCache>;

export function createImageCache(options: ImageCacheOptions) {
  const { dir } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const maxBytes = options.maxBytes ?? IMAGE_CACHE_DEFAULTS.maxBytes;
  const maxImageBytes = options.maxImageBytes ?? IMAGE_CACHE_DEFAULTS.maxImageBytes;
  const timeoutMs = options.timeoutMs ?? IMAGE_CACHE_DEFAULTS.timeoutMs;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<ImageResult>>();
  let totalBytes = 0;
  let ready: Promise<void> | null = null;

  const pathOf = (key: string) => join(dir, `${key}${FILE_SUFFIX}`);

  /** Learns what is on disk once: sizes, and last use from the files' modification times. */
  function scan(): Promise<void> {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true });
      for (const name of await readdir(dir)) {
        if (!name.endsWith(FILE_SUFFIX)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (!info?.isFile()) continue;
        entries.set(name.slice(0, -FILE_SUFFIX.length), { bytes: info.size, lastUsed: info.mtimeMs });
        totalBytes += info.size;
      }
    })();
    return ready;
  }

  async function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
    await rm(pathOf(key), { force: true });
  }

  async function evict(keep: string) {
    if (totalBytes <= maxBytes) return;
    const oldestFirst = [...entries.entries()].filter(([key]) => key !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key] of oldestFirst) {
      if (totalBytes <= maxBytes) break;
      await drop(key);
    }
  }

  async function fromDisk(key: string, url: string): Promise<ImageResult | null> {
    if (!entries.has(key)) return null;
    const file = await readFile(pathOf(key)).catch(() => null);
    const decoded = file ? decodeImageFile(file) : null;
    if (!decoded || decoded.meta.url !== url) {
      await drop(key);
      return null;
    }
    const usedAt = now();
    entries.get(key)!.lastUsed = usedAt;
    void utimes(pathOf(key), usedAt / 1000, usedAt / 1000).catch(() => undefined);
    return { ok: true, bytes: decoded.bytes, contentType: decoded.meta.contentType, fromCache: true };
  }

  async function download(key: string, url: string): Promise<ImageResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: controller.signal, redirect: 'follow', headers: { accept: 'image/*' } });
    } catch {
      clearTimeout(timer);
      return { ok: false, failure: 'unreachable', error: 'The image could not be downloaded: the network is unavailable.', retryable: true };
    }
    try {
      if (response.status !== 200) {
        return { ok: false, failure: 'http_status', error: `The image could not be downloaded (HTTP ${response.status}).`, retryable: response.status >= 500 || response.status === 429 };
      }
      const contentType = imageContentType(response.headers.get('content-type'));
      if (!contentType) return { ok: false, failure: 'not_image', error: 'The address did not return an image.', retryable: false };
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > maxImageBytes) return { ok: false, failure: 'too_large', error: 'The image is too large to keep offline.', retryable: false };
      const bytes = await readCapped(response, maxImageBytes);
      if (!bytes) return { ok: false, failure: 'too_large', error: 'The image is too large to keep offline.', retryable: false };
      const file = encodeImageFile(url, contentType, bytes);
      await mkdir(dir, { recursive: true });
      // A cache: the rename keeps a file whole, and one lost to a power cut is fetched again, so no fsync per image.
      await writeFileAtomic(pathOf(key), file, { fsync: false });
      const previous = entries.get(key);
      if (previous) totalBytes -= previous.bytes;
      entries.set(key, { bytes: file.length, lastUsed: now() });
      totalBytes += file.length;
      await evict(key);
      return { ok: true, bytes: Buffer.from(bytes), contentType, fromCache: false };
    } catch {
      return { ok: false, failure: 'interrupted', error: 'The image download was interrupted.', retryable: true };
    } finally {
      clearTimeout(timer);
    }
  }

  async function get(url: string): Promise<ImageResult> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, failure: 'bad_address', error: 'Not an image address.', retryable: false };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, failure: 'bad_address', error: 'Not an image address.', retryable: false };
    await scan();
    const key = keyOf(url);
    const cached = await fromDisk(key, url);
    if (cached) return cached;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = download(key, url).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    get,
    async has(url: string): Promise<boolean> {
      await scan();
      return entries.has(keyOf(url));
    },
    async count(): Promise<number> {
      await scan();
      return entries.size;
    },
    async sizeOnDisk(): Promise<number> {
      await scan();
      return totalBytes;
    },
    /** Removes every image; returns the bytes freed. */
    async clear(): Promise<number> {
      await scan();
      const freed = totalBytes;
      for (const key of [...entries.keys()]) await drop(key);
      return freed;
    },
  };
}

async function readCapped(response: Response, cap: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
