import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedOnce, prepareStatement } from '../../../server/db/prepared-statements';
import { withEmptyDatabase } from '../../support/empty-pglite';

describe('preparedOnce', () => {
  it('prepares once per key and keeps the answer', async () => {
    const asked: string[] = [];
    const prepared = preparedOnce(async (key: string) => (asked.push(key), `name-${key}`));
    expect(await Promise.all([prepared('a'), prepared('a'), prepared('b'), prepared('a')])).toEqual(['name-a', 'name-a', 'name-b', 'name-a']);
    expect(asked).toEqual(['a', 'b']);
  });

  it('answers null while preparing fails, and tries again on the next use', async () => {
    let attempts = 0;
    const prepared = preparedOnce(async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('the database is busy');
      return 'ready';
    });
    expect([await prepared(undefined), await prepared(undefined), await prepared(undefined), await prepared(undefined)]).toEqual([null, null, 'ready', 'ready']);
    expect(attempts).toBe(3);
  });
});

describe('prepareStatement (PGlite)', () => {
  it('prepares under a name of its own each time, and refuses a statement with parameters of its own', async () => {
    await withEmptyDatabase(async ({ db }) => {
      const statement = sql`select ${sql.raw('$1')}::int4 + 1 as next`;
      const first = await prepareStatement(db, 'test_next', ['int4'], statement);
      const second = await prepareStatement(db, 'test_next', ['int4'], statement);
      expect(first).toMatch(/^caseworks_test_next_\d+$/);
      expect(second).not.toBe(first);
      const executed = (await db.execute(sql.raw(`execute ${first}(41)`))) as unknown as { rows: Array<{ next: number }> };
      expect(executed.rows).toEqual([{ next: 42 }]);
      expect(await prepareStatement(db, 'test_bound', ['int4'], sql`select ${5}::int4 as five`)).toBeNull();
    });
  });
});
