import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { danglingIn, diaryIn, readRepoTree, type RepoTree } from './doc-references';

const root = path.resolve(import.meta.dirname, '../..');
/** The checker and this test are not source: the made-up doc below would otherwise find its own words. */
const CHECKER = ['test/lint/doc-references.ts', 'test/lint/docs-references.test.ts'];
const tree = readRepoTree(root, CHECKER);

/**
 * Identifiers the docs may name that our source need not hold, each with its reason. Keep it
 * short: a name that is gone from the code should leave the docs, not come here.
 */
const NAMED_ELSEWHERE = new Map<string, string>([]);

const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const shown = (found: Array<{ file: string; line: number; text: string; kind?: string }>) =>
  found.map((entry) => `${entry.file}:${entry.line} ${entry.kind ?? ''} ${entry.text}`.replace(/ {2}/g, ' '));

describe('the docs name only what the repository holds', () => {
  it.each(docs)('%s: every path and identifier in backticks, and every relative link, exists', (file) => {
    expect(shown(danglingIn(file, read(file), tree, new Set(NAMED_ELSEWHERE.keys())))).toEqual([]);
  });

  it.each(docs)('%s: no sentence of who ran what, "here" for a machine, or a time of day', (file) => {
    expect(shown(diaryIn(file, read(file)))).toEqual([]);
  });

  it('the allow-list holds only names the source really lacks', () => {
    for (const name of NAMED_ELSEWHERE.keys()) expect(tree.words.has(name), name).toBe(false);
  });
});

describe('the checker itself, on a made-up doc', () => {
  const doc = [
    '# A made-up page',
    '',
    'The outbox is `electron/core/outbox/outbox.ts` (`createOutbox`), priced by `orderTotals` in `shared/pricing.ts`;',
    'the layers are `renderer/lib/**` and `electron/core/<folder>`, `core/offline/offline-reads.ts`, `cartGroups.ts` and `core/sync/`.',
    'Limits: `MAX_ORDER_FAILURES`, `CASEWORKS_DATA_DIR=/tmp/cw npm run web`, `npm test`, `GET /products/{id}`, `order_number`,',
    '`RateLimit-Limit`, `Outcome<T>`, `application/problem+json`, `https://example.com/x`, `test-results/screenshots/`, `FOR UPDATE SKIP LOCKED`.',
    'See [the glossary](glossary.md) and ![a screen](screenshots/catalog.png).',
    '',
    '```sh',
    'npx vitest run server/gone/in-a-fence.ts   # examples in fences are not references',
    '```',
    '',
    'Gone: `server/nowhere/gone.ts`, `createNothingAtAll()`, `NO_SUCH_CONSTANT_X`, `GhostFailure`, `noSuchFile.ts`,',
    '`core/app/nope.ts`, `features/nowhere/`, `renderer/nowhere/**`, `tsx scripts/gone.ts`, [a lost page](lost.md).',
  ].join('\n');

  const found = shown(danglingIn('docs/made-up.md', doc, tree));

  it('reports each path, identifier and link that is not in the tree, with its line', () => {
    expect(found).toEqual([
      'docs/made-up.md:13 path server/nowhere/gone.ts',
      'docs/made-up.md:13 identifier createNothingAtAll',
      'docs/made-up.md:13 identifier NO_SUCH_CONSTANT_X',
      'docs/made-up.md:13 identifier GhostFailure',
      'docs/made-up.md:13 path noSuchFile.ts',
      'docs/made-up.md:14 path core/app/nope.ts',
      'docs/made-up.md:14 path features/nowhere/',
      'docs/made-up.md:14 path renderer/nowhere/**',
      'docs/made-up.md:14 path scripts/gone.ts',
      'docs/made-up.md:14 link lost.md',
    ]);
  });

  it('takes an allowed name, and nothing else, as found', () => {
    const allowed = shown(danglingIn('docs/made-up.md', doc, tree, new Set(['GhostFailure'])));
    expect(allowed).not.toContain('docs/made-up.md:13 identifier GhostFailure');
    expect(allowed).toHaveLength(found.length - 1);
  });

  it('finds a file that is gone from a tree the test makes', () => {
    const smaller: RepoTree = { ...tree, files: new Set([...tree.files].filter((file) => file !== 'shared/pricing.ts')) };
    expect(shown(danglingIn('docs/made-up.md', '`shared/pricing.ts`', smaller))).toEqual(['docs/made-up.md:1 path shared/pricing.ts']);
  });

  it('finds the sentences of a lab notebook', () => {
    const notebook = [
      'Measured on this machine while other helpers ran their suites.',
      'Electron itself never ran here.',
      'Two runs at 19:35 and 19:38 UTC; again 20:03–20:05 UTC.',
      'On a 2-core x86_64 VM, Node 20.20, load 1.2: 445 orders/s. Here is how to run it.',
      'A test helper in test/support builds the fake core; here is how it works.',
      'The rows above are the code before this session\'s seeding changes.',
      '| 1,000,000 products: ready | 152.9 s | 2026-11-26 04:33, 2.6 |',
      'Each build in turn, 2026-11-26, 15:18–15:35, on a copy of one folder; 2026-11-26, load 2.6 is a date.',
      'Measured in an earlier session; the last session and the previous session gave more.',
      'The same figure as in the last session, at 2,000 sessions a day.',
      'The previous session found it.',
    ].join('\n');
    expect(shown(diaryIn('docs/made-up.md', notebook))).toEqual([
      'docs/made-up.md:1 other helpers',
      'docs/made-up.md:1 on this machine',
      'docs/made-up.md:2 ran here',
      'docs/made-up.md:3 19:38 UTC',
      'docs/made-up.md:3 20:03–20:05',
      "docs/made-up.md:6 this session's",
      'docs/made-up.md:7 2026-11-26 04:33',
      'docs/made-up.md:8 2026-11-26, 15:18',
      'docs/made-up.md:8 15:18–15:35',
      'docs/made-up.md:9 earlier session',
      'docs/made-up.md:10 last session',
      'docs/made-up.md:11 previous session',
    ]);
  });
});
