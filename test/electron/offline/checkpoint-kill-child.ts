/**
 * A sync's writes with the checkpoint thread copying the log beside them, in a process of its own,
 * for the kill test: the offline host (as the worker runs it, with a small threshold so the thread
 * checkpoints every few pages) writes catalog pages one request at a time. Prints `page <n>` once
 * page n is committed and `checkpoint` at each answer of the thread. Run with `node --import tsx`.
 */
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { threadCheckpoints } from '../../../electron/core/offline/wal-checkpoints';
import { makeCatalog } from '../search/catalog-fixture';

export const CHECKPOINT_KILL_BASE_URL = 'http://127.0.0.1:9/api/v1';
export const KILL_PAGE_SIZE = 100;
export const KILL_PAGES = 60;

const dataDir = process.argv[2];
if (dataDir) {
  const catalog = makeCatalog(KILL_PAGE_SIZE * KILL_PAGES).map((product) => product.item);
  const checkpoints = threadCheckpoints({ walPages: 64, onAnswer: () => process.stdout.write('checkpoint\n') });
  const host = createOfflineHost({ dataDir, checkpoints });
  for (let page = 1; page <= KILL_PAGES; page += 1) {
    host.service(CHECKPOINT_KILL_BASE_URL, 'writeCatalogPage', [page, `"p${page}"`, catalog.slice((page - 1) * KILL_PAGE_SIZE, page * KILL_PAGE_SIZE)]);
    process.stdout.write(`page ${page}\n`);
    // The worker takes the thread's answers between requests.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  host.close();
  await checkpoints.stop();
  process.stdout.write('finished\n');
}
