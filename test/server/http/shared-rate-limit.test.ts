import { describe, expect, it } from 'vitest';
import { reservationSize, sharedRateLimitStore } from '../../../server/http/shared-rate-limit';
import type { RateLimitCounter } from '../../../server/store/rate-limits';

/** The database counter's rules in memory (fixed windows per key), counting its trips. */
function memoryCounter(now: () => number) {
  const rows = new Map<string, { count: number; endsAt: number }>();
  let trips = 0;
  const counter: RateLimitCounter = {
    async hit(key, windowMs, amount = 1) {
      trips += 1;
      const row = rows.get(key);
      const at = now();
      const next = !row || row.endsAt <= at ? { count: amount, endsAt: at + windowMs } : { count: row.count + amount, endsAt: row.endsAt };
      rows.set(key, next);
      return { count: next.count, ttlMs: next.endsAt - at };
    },
  };
  return { counter, trips: () => trips };
}

type Store = InstanceType<ReturnType<typeof sharedRateLimitStore>>;
const incr = (store: Store, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result as { current: number; ttl: number })), windowMs, max),
  );

describe('the shared rate limit store', () => {
  it('reserves one number per trip for small limits and up to 50 for large ones', () => {
    expect(reservationSize(120)).toBe(1);
    expect(reservationSize(1_000)).toBe(10);
    expect(reservationSize(6_000)).toBe(50);
    expect(reservationSize(10_000_000)).toBe(50);
  });

  it('two instances on one counter admit at most the limit together, losing fewer than a reservation per other instance, in a tenth of the trips', async () => {
    const clock = 0;
    const { counter, trips } = memoryCounter(() => clock);
    const Store = sharedRateLimitStore(counter, { now: () => clock });
    const instances = [new Store({}), new Store({})];
    const answers = await Promise.all(Array.from({ length: 1_500 }, (_, index) => incr(instances[index % 2] as Store, 'key', 1_000)));
    const admitted = answers.filter((answer) => answer.current <= 1_000).length;
    expect(admitted).toBeLessThanOrEqual(1_000);
    expect(admitted).toBeGreaterThanOrEqual(1_000 - (reservationSize(1_000) - 1));
    expect(trips()).toBeLessThanOrEqual(1_000 / reservationSize(1_000) + 4);
  });

  it('answers an exhausted key without the database until its window ends, then counts anew', async () => {
    let clock = 0;
    const { counter, trips } = memoryCounter(() => clock);
    const store = new (sharedRateLimitStore(counter, { now: () => clock }))({});
    for (let index = 1; index <= 3; index += 1) expect((await incr(store, 'key', 3, 1_000)).current).toBe(index);
    const over = await incr(store, 'key', 3, 1_000);
    expect(over.current).toBeGreaterThan(3);
    const tripsWhenOver = trips();
    clock = 500;
    const stillOver = await incr(store, 'key', 3, 1_000);
    expect(stillOver.current).toBeGreaterThan(3);
    expect(stillOver.ttl).toBe(500);
    expect(trips()).toBe(tripsWhenOver);
    clock = 1_000;
    expect((await incr(store, 'key', 3, 1_000)).current).toBe(1);
  });
});
