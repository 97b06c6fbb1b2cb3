/**
 * `npx tsx bench/name-order.ts`: the name order's work in a first sync, alone (name-order.ts): names
 * written in pages of 250 into an empty products table with its name index, in memory, each page
 * placed among the names before it. It prints how many products were numbered again in all, the
 * most in one page, the CPU of placing them and the slowest page, and checks that the ranks follow
 * the index's order at the end.
 *
 * The names: `BENCH_SOURCE_DB` (an offline database, read only) gives its products' name keys in
 * position order, the order its first sync wrote them; without it, `BENCH_NAMES=random` (names of
 * random words, `BENCH_SEED`) or `crowd` (each page's even names sorting right before the last
 * page's in one place, its odd ones elsewhere). `BENCH_PRODUCTS` names how many (1,000,000).
 */
import Database from 'better-sqlite3';
import { crowdingNameKey, nameOrderTable } from '../test/support/name-order-table';

const PAGE = 250;
const source = process.env.BENCH_SOURCE_DB;
const kind = process.env.BENCH_NAMES ?? 'random';
const wanted = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);

/** xorshift32: the same names for the same seed. */
let state = (Number(process.env.BENCH_SEED ?? 1) * 2654435761) >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 2 ** 32;
};
const words = ['chateau', 'domaine', 'copper', 'canyon', 'estate', 'cellars', 'winery', 'bodega', 'raven', 'crest', 'maison', 'sable', 'creek'];

const stored = source ? (new Database(source, { readonly: true }).prepare('SELECT name_key FROM products ORDER BY pos LIMIT ?').pluck().all(wanted) as string[]) : null;
const count = stored ? stored.length : wanted;
const nameKey = (position: number): string => {
  if (stored) return stored[position - 1]!;
  if (kind === 'crowd') return crowdingNameKey(position);
  return `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 2 ** 31).toString(36)}\u0000p${position}`;
};

const table = nameOrderTable(count);
let again = 0;
let most = 0;
let slowest = 0;
let slowestPage = 0;
const cpu = process.cpuUsage();
let placing = 0;
for (let first = 1; first <= count; first += PAGE) {
  const page = Array.from({ length: Math.min(PAGE, count - first + 1) }, (_, index) => ({ position: first + index, nameKey: nameKey(first + index) }));
  const { renumbered, placingMs } = table.write(page, first - 1);
  placing += placingMs;
  again += renumbered;
  most = Math.max(most, renumbered);
  if (placingMs > slowest) [slowest, slowestPage] = [placingMs, Math.ceil(first / PAGE)];
}
const used = process.cpuUsage(cpu);

const inOrder = table.inIndexOrder();
console.log(
  `${count} names (${source ? 'stored, in position order' : kind}), pages of ${PAGE}: numbered again ${again} in all, at most ${most} in one page; ` +
    `placing ${(placing / 1000).toFixed(2)} s (the process's CPU ${((used.user + used.system) / 1e6).toFixed(1)} s with the inserts), the slowest page ${slowest.toFixed(0)} ms (page ${slowestPage}); ` +
    `ranks in the index's order: ${inOrder ? 'yes' : 'NO'}`,
);
if (!inOrder) process.exitCode = 1;
