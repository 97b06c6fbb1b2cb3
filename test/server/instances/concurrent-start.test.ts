import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../server/main';
import { emptySharedDatabase, type SharedDatabase } from './shared-database';

/** On PostgreSQL about half the rounds failed before the setup lock; PGlite (one session) is slow to create, one round. */
const ROUNDS = process.env.DATABASE_URL ? 4 : 1;
const INSTANCES = 3;

let databases: SharedDatabase[] = [];
let services: RunningService[] = [];
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()));
  await Promise.all(databases.map((database) => database.close()));
  services = [];
  databases = [];
});

describe(`instances starting at once on an empty ${process.env.DATABASE_URL ? 'PostgreSQL database' : 'PGlite database'}`, () => {
  it(`${INSTANCES} instances, ${ROUNDS} rounds: every start succeeds, the database is migrated and seeded exactly once`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const database = await emptySharedDatabase();
      databases.push(database);
      const starts = await Promise.allSettled(
        Array.from({ length: INSTANCES }, () => startService({ ...database.service(), catalogSize: 60, shipAfterSeconds: 3_600, deliverAfterSeconds: 3_600 })),
      );
      const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      services.push(...started);
      expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual(Array(INSTANCES).fill('started'));
      expect(started.filter((service) => service.seeded)).toHaveLength(1);
      const seeder = started.find((service) => service.seeded) as RunningService;
      const buyers = seeder.demoCredentials?.buyers ?? [];
      expect(buyers.length).toBeGreaterThan(0);
      // Every instance serves the one seeding: the same buyers and catalog through each.
      for (const service of started) {
        const headers = { authorization: `Bearer ${buyers[0]?.api_key}` };
        const response = await fetch(`${service.baseUrl}/products?per_page=1`, { headers });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(60);
        const account = await fetch(`${service.baseUrl}/account`, { headers });
        expect(account.status).toBe(200);
      }
      await Promise.all(started.map((service) => service.close()));
      services = [];
    }
  });
});
