import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, readApiKeys, spawnInstance, stopAll, track } from './support/cluster';

afterEach(async () => {
  await stopAll();
});

/** Rounds of three simultaneous starts; the issue saw one fail in about half the rounds. */
const ROUNDS = 4;

describe('starting several instances at once', () => {
  it('(a) three instances started at once on an empty database all serve; exactly one seeds', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const database = track(await createDatabase());
      const starts = Array.from({ length: 3 }, () => spawnInstance({ databaseUrl: database.url }));
      const outcomes = await Promise.allSettled(starts.map((start) => start.ready));
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
      expect(failures, `round ${round + 1}`).toEqual([]);
      const instances = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<Awaited<(typeof starts)[number]['ready']>>).value);

      const seeders = instances.filter((instance) => readApiKeys(instance.dataDir).length > 0);
      expect(seeders.length, `round ${round + 1}: instances that seeded`).toBe(1);
      const counts = await database.query<{ suppliers: string; products: string; accounts: string }>(
        `select (select count(*) from suppliers)::text as suppliers, (select count(*) from products)::text as products,
                (select count(*) from accounts)::text as accounts`,
      );
      expect(counts.rows[0]).toMatchObject({ products: '60', accounts: '3' });
      // Each instance answers with the keys the seeder wrote.
      const key = readApiKeys(seeders[0]!.dataDir)[0] as string;
      for (const instance of instances) {
        const answer = await fetch(`${instance.url}/account`, { headers: { authorization: `Bearer ${key}` } });
        expect(answer.status).toBe(200);
      }
      await stopAll();
    }
    // Twelve processes in four rounds: about 40 s on a quiet 2-core machine, over 60 s at load 20.
  }, 240_000);
});
