import { count } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { products } from '../../../server/db/schema';
import { seedDemo } from '../../../server/demo/seed';
import { withEmptyDatabase } from '../../support/empty-pglite';

describe('seeding when the product worker cannot start', { timeout: 120_000 }, () => {
  it('makes the products on the seeding thread and says so, once, in plain words', async () => {
    await withEmptyDatabase(async ({ db }) => {
      const notices: string[] = [];
      const seeded = await seedDemo(db, {
        catalogSize: 300,
        database: 'pglite',
        productWorker: true,
        productWorkerEntry: join(tmpdir(), 'no-such-product-worker.ts'),
        onNotice: (message) => notices.push(message),
      });
      expect(seeded?.credentials.buyers.length).toBeGreaterThan(0);
      const [written] = await db.select({ n: count() }).from(products);
      expect(written?.n).toBe(300);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/^The demo products are made on the seeding thread, because the product worker could not start \(.+\); seeding takes about twice as long\.$/);
    });
  });
});
