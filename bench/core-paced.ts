/**
 * bench:core's paced phase (BENCH_PHASES=paced): the core's product-detail download against a
 * service that limits each key to 6,000 requests a minute. The sync engine runs as the app runs it
 * (first sync of the lists, then details hydrated in the background through the real service
 * client); what the service answered and how long the client waited are counted from outside the
 * client, through the fetch and sleep it is given.
 */
import { createServiceClient, abortableSleep, fetchAsSent, type Sleep } from '../electron/core/api';
import { createOfflineStore } from '../electron/core/offline/offline-store';
import { createSyncEngine } from '../electron/core/sync/sync-engine';

/** A wait longer than this is a long Retry-After stall (issue 16). */
export const LONG_WAIT_MS = 2_000;

export interface PacedReport {
  /** From the first sync's start until background work stopped. */
  runMs: number;
  /** Every request the client sent, and how many of them the service answered 429. */
  requests: number;
  answers429: number;
  /** Product details answered 200 or 304, and the time from the first detail request until the stop. */
  details: number;
  detailMs: number;
  /** Longest gap between two detail answers, seen from outside the client. */
  longestDetailGapMs: number;
  /** Every wait the client made (pacing, Retry-After, backoff). */
  waits: number;
  longWaits: number;
  longestWaitMs: number;
  /** Details answered in each 10 s from the first detail request. */
  detailsPer10s: number[];
}

const isDetailUrl = (url: string) => /\/products\/[^/?]+(\?|$)/.test(url);

export async function pacedDetails(input: { baseUrl: string; apiKey: string; dataDir: string; seconds: number }): Promise<PacedReport> {
  const started = performance.now();
  let requests = 0;
  let answers429 = 0;
  let stoppedAt: number | null = null;
  let firstDetailAt: number | null = null;
  let lastDetailAt: number | null = null;
  let longestDetailGapMs = 0;
  const detailsPer10s: number[] = [];
  /** The client's transports (`fetch`, and `fetchAsSent` for the feed's pages), each counting what it carries. */
  const counting = (transport: typeof fetch): typeof fetch => async (request, init) => {
    const detail = isDetailUrl(String(request));
    if (detail) firstDetailAt ??= performance.now();
    requests += 1;
    const response = await transport(request, init);
    if (response.status === 429) answers429 += 1;
    // Details answered after the stop (requests already under way) are outside the measured time.
    if (detail && stoppedAt === null && (response.status === 200 || response.status === 304)) {
      const at = performance.now();
      if (lastDetailAt !== null) longestDetailGapMs = Math.max(longestDetailGapMs, at - lastDetailAt);
      lastDetailAt = at;
      const bucket = Math.floor((at - firstDetailAt!) / 10_000);
      while (detailsPer10s.length <= bucket) detailsPer10s.push(0);
      detailsPer10s[bucket]! += 1;
    }
    return response;
  };
  const waitTimes: number[] = [];
  const countingSleep: Sleep = (ms, signal) => {
    waitTimes.push(ms);
    return abortableSleep(ms, signal);
  };
  const engine = createSyncEngine({
    api: createServiceClient({ baseUrl: input.baseUrl, getApiKey: () => input.apiKey, fetch: counting(fetch), fetchAsSent: counting(fetchAsSent), sleep: countingSleep }),
    store: createOfflineStore({ dataDir: input.dataDir }),
    scope: { baseUrl: input.baseUrl, accountId: null },
    search: null,
  });
  const report = await engine.sync();
  const failed = report.outcomes.filter((outcome) => outcome.result === 'failed');
  if (failed.length > 0) throw new Error(`sync failed: ${JSON.stringify(failed)}`);
  const deadline = started + input.seconds * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));
  const stopped = performance.now();
  stoppedAt = stopped;
  engine.stopBackground();
  await engine.whenIdle();
  return {
    runMs: stopped - started,
    requests,
    answers429,
    details: detailsPer10s.reduce((sum, count) => sum + count, 0),
    detailMs: firstDetailAt === null ? 0 : stopped - firstDetailAt,
    longestDetailGapMs,
    waits: waitTimes.length,
    longWaits: waitTimes.filter((ms) => ms > LONG_WAIT_MS).length,
    longestWaitMs: Math.max(0, ...waitTimes),
    detailsPer10s,
  };
}
