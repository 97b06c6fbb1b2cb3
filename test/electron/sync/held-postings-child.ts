/**
 * A feed bootstrap written straight into an offline database in a process of its own, for the kill
 * test of the held postings (posting-store.ts): the fixture catalog as feed pages of 250, each
 * written with its cursor as the feed writes them, going on from the stored cursor after a kill,
 * and ended with `finishFeedBootstrap`. Prints `syncing <pages left>` when it starts writing,
 * `page` after each page it wrote, and `done` at the end. Run with `node --import tsx`.
 */
import path from 'node:path';
import { PUBLIC } from '../../../electron/core/offline/offline-schema';
import { createServiceDatabase } from '../../../electron/core/offline/service-database';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { feedPagesOf } from '../search/bootstrap-feed';
import { makeCatalog } from '../search/catalog-fixture';

/** Past two chunks of 4,096 positions: the held chunks are written twice during the bootstrap. */
export const HELD_KILL_PRODUCTS = 9_000;
export const HELD_KILL_AS_OF = '2026-11-27T06:00:00.000Z';
export const heldKillFile = (dataDir: string) => path.join(dataDir, 'service.db');
export const HELD_KILL_BASE_URL = 'http://127.0.0.1:9/api/v1';

const dataDir = process.argv[2];
if (dataDir) {
  const database = createServiceDatabase(openServiceFile(heldKillFile(dataDir), HELD_KILL_BASE_URL));
  const pages = feedPagesOf(makeCatalog(HELD_KILL_PRODUCTS));
  const cursor = database.datasetInfo(PUBLIC, 'catalog')?.cursor ?? null;
  // Read from nothing (no cursor yet) is marked first, as the feed does.
  if (cursor === null) database.startFeedBootstrap();
  const first = cursor === null ? 0 : Number(cursor.slice(1));
  process.stdout.write(`syncing ${pages.length - first}\n`);
  for (let page = first; page < pages.length; page += 1) {
    database.applyChanges(pages[page]!, `c${page + 1}`, HELD_KILL_AS_OF);
    process.stdout.write('page\n');
  }
  database.finishFeedBootstrap();
  database.db.close();
  process.stdout.write('done {}\n');
  process.exit(0);
}
