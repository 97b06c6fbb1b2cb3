import { afterEach, describe, expect, it } from 'vitest';
import pLimit from 'p-limit';
import { call, startCluster, stopAll } from './support/cluster';

afterEach(async () => {
  await stopAll();
});

describe('one rate limit across instances', () => {
  it('(d) with --rate-limit 120, 360 requests of one key spread over three instances: 120 pass, 240 get 429 with Retry-After', async () => {
    const cluster = await startCluster(3, ['--rate-limit', '120']);
    const key = cluster.apiKeys[0] as string;
    const limit = pLimit(12);
    const answers = await Promise.all(
      Array.from({ length: 360 }, (_, index) => limit(() => call(cluster.instances[index % 3]!.url, '/account', key))),
    );
    const passed = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect({ passed: passed.length, limited: limited.length }).toEqual({ passed: 120, limited: 240 });
    for (const answer of limited) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.json<{ code: string }>().code).toBe('rate_limited');
    }
    // Each instance let some through and refused some: the limit is the cluster's, not one process's.
    for (let instance = 0; instance < 3; instance += 1) {
      const own = answers.filter((_, index) => index % 3 === instance);
      expect(own.some((answer) => answer.status === 429)).toBe(true);
    }
    // Another key has a limit of its own.
    expect((await call(cluster.instances[1]!.url, '/account', cluster.apiKeys[1] as string)).status).toBe(200);
  });
});
