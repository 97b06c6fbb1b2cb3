/**
 * Where a sync through the change feed spends its wall time, page by page, seen from the core's
 * main thread (bench:core): each feed request asked, its headers in, its body read, the page read
 * by the offline worker (`readChangesBytes`: the bytes handed over, decoded, parsed and checked) and written
 * (`writeReadChanges`: one transaction). Pages are matched in the order they were asked, which is
 * the order the sync reads and writes them.
 */
import type { ServiceClient } from '../electron/core/api';
import type { OfflineStore } from '../electron/core/offline/offline-store';

interface PageMoments {
  asked: number;
  headers?: number;
  body?: number;
  readStart?: number;
  readEnd?: number;
  writeStart?: number;
  writeEnd?: number;
}

const FEED_PATH = '/catalog/changes';

export interface FeedTimeline {
  /** Starts a new sync's record. */
  reset(): void;
  fetch(inner: typeof fetch): typeof fetch;
  client(inner: ServiceClient): ServiceClient;
  store(inner: OfflineStore): OfflineStore;
  /** One line: medians and sums per stage, and how long the worker waited between two pages' writes. */
  summary(): string;
}

export function createFeedTimeline(): FeedTimeline {
  let pages: PageMoments[] = [];
  let bodies = 0;
  let reads = 0;
  let writes = 0;
  const now = () => performance.now();
  return {
    reset() {
      pages = [];
      bodies = 0;
      reads = 0;
      writes = 0;
    },
    fetch: (inner) => async (input, init) => {
      if (!String(input).includes(FEED_PATH)) return inner(input, init);
      const moments: PageMoments = { asked: now() };
      pages.push(moments);
      const response = await inner(input, init);
      moments.headers = now();
      return response;
    },
    client: (inner) => ({
      ...inner,
      callBytes: (async (...args: Parameters<ServiceClient['callBytes']>) => {
        const result = await inner.callBytes(...args);
        if (args[0] === 'catalogChanges') {
          const moments = pages[bodies++];
          if (moments) moments.body = now();
        }
        return result;
      }) as ServiceClient['callBytes'],
    }),
    store: (inner) => ({
      ...inner,
      readChangesBytes: async (...args: Parameters<OfflineStore['readChangesBytes']>) => {
        const moments = pages[reads++];
        if (moments) moments.readStart = now();
        const result = await inner.readChangesBytes(...args);
        if (moments) moments.readEnd = now();
        return result;
      },
      writeReadChanges: async (...args: Parameters<OfflineStore['writeReadChanges']>) => {
        const moments = pages[writes++];
        if (moments) moments.writeStart = now();
        const result = await inner.writeReadChanges(...args);
        if (moments) moments.writeEnd = now();
        return result;
      },
    }),
    summary() {
      if (pages.length === 0) return 'no feed request';
      const stage = (name: string, of: (page: PageMoments, index: number) => number | undefined) => {
        const values = pages.map(of).filter((value): value is number => value !== undefined && Number.isFinite(value));
        if (values.length === 0) return `${name} —`;
        const sorted = [...values].sort((a, b) => a - b);
        const sum = values.reduce((total, value) => total + value, 0);
        return `${name} p50 ${fixed(sorted[Math.floor((sorted.length - 1) / 2)]!)} / max ${fixed(sorted[sorted.length - 1]!)} / sum ${fixed(sum)}`;
      };
      const span = (from: keyof PageMoments, to: keyof PageMoments) => (page: PageMoments) =>
        page[from] === undefined || page[to] === undefined ? undefined : page[to]! - page[from]!;
      const first = pages[0]!.asked;
      const lastWrite = Math.max(...pages.map((page) => page.writeEnd ?? page.readEnd ?? page.body ?? page.asked));
      return [
        `${pages.length} feed requests over ${fixed(lastWrite - first)} ms (ms)`,
        stage('asked→headers (service)', span('asked', 'headers')),
        stage('headers→body', span('headers', 'body')),
        stage('body→read asked (waits for the write before)', span('body', 'readStart')),
        stage('read (worker: handed over, parsed, checked)', span('readStart', 'readEnd')),
        stage('write (worker: one transaction)', span('writeStart', 'writeEnd')),
        stage('previous write done→next asked', (page, index) => (index === 0 ? undefined : page.asked - (pages[index - 1]!.writeEnd ?? Number.NaN))),
        stage('worker idle between writes', (page, index) => (index === 0 || page.writeStart === undefined ? undefined : page.writeStart - (pages[index - 1]!.writeEnd ?? Number.NaN))),
      ].join('; ');
    },
  };
}

const fixed = (value: number) => value.toFixed(value < 10 ? 1 : 0);
