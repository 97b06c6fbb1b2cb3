/**
 * `BENCH_DB_DIR=… npx tsx bench/first-searches.ts`: the CPU of a freshly opened offline copy's first
 * searches as a buyer types them, in one process (no worker, no bridge): the copy in BENCH_DB_DIR
 * (a folder holding one offline database, e.g. a prepared folder's `offline/`; it is opened for
 * writing, so use a copy) is opened, its first browse answered and its search index read (as
 * `prepareSearch` reads it once the catalog is painted), then each of BENCH_WORDS is typed letter
 * by letter (a search a letter, as the search box sends them), twice. With BENCH_WARM_WORDS, those
 * words are typed first, unmeasured: whether the first searches' cost belongs to the words typed
 * (their terms read from disk) or to any first searches of the process (code not yet optimized,
 * structures made at first use).
 */
import { CatalogSearchInput } from '../shared/bridge';
import { createServiceDatabase } from '../electron/core/offline/service-database';
import { openServiceFile } from '../electron/core/offline/service-files';
import { createCatalogSearch } from '../electron/core/search/catalog-search';
import { benchDatabaseFile } from './offline-db-file';

const { file, baseUrl } = benchDatabaseFile();
const words = (process.env.BENCH_WORDS ?? 'cabernet,sauvignon blanc,pinot noir').split(',');
const warmWords = process.env.BENCH_WARM_WORDS ? process.env.BENCH_WARM_WORDS.split(',') : [];

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
/** The CPU of one call, in milliseconds. */
const cpuOf = (run: () => unknown) => {
  const before = cpuMs();
  run();
  return cpuMs() - before;
};

const database = createServiceDatabase(openServiceFile(file, baseUrl));
const search = createCatalogSearch(database);
const typed = (text: string) => search.searchItemsJson(CatalogSearchInput.parse({ text, offset: 0, limit: 60 }));
console.log(`first browse: ${cpuOf(() => typed('')).toFixed(0)} ms of CPU; the search index read: ${cpuOf(() => database.index.ready()).toFixed(0)} ms`);

/** Each word typed a letter at a time: the CPU of each letter's search, and their sum. */
function type(label: string, list: readonly string[]) {
  for (const word of list) {
    const letters = [...word].map((_, index) => {
      const text = word.slice(0, index + 1);
      return { text, ms: cpuOf(() => typed(text)) };
    });
    const sum = letters.reduce((total, letter) => total + letter.ms, 0);
    console.log(`${label} "${word}": ${sum.toFixed(0)} ms of CPU (${letters.map((letter) => `${letter.text} ${letter.ms.toFixed(0)}`).join(', ')})`);
  }
}

if (warmWords.length > 0) type('typed first, not measured:', warmWords);
type('first time', words);
type('again', words);
database.db.close();
