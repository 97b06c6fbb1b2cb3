/**
 * The schema upgrade in a process of its own, for the kill test: the offline host (as the worker
 * runs it) opens the service's database under the given data folder, which upgrades it. Prints
 * `upgrading` at the upgrade's first notice, `step <done>/<total>` at each, and `done <details>`
 * once the copy answers. Run with `node --import tsx`.
 */
import { createOfflineHost } from '../../../electron/core/offline/offline-host';

export const UPGRADE_KILL_BASE_URL = 'http://127.0.0.1:9/api/v1';

const dataDir = process.argv[2];
if (dataDir) {
  const host = createOfflineHost({
    dataDir,
    notify: (notice) => {
      if (notice.notice !== 'upgrade' || notice.finished) return;
      process.stdout.write(notice.done === 0 ? 'upgrading\n' : `step ${notice.done}/${notice.total}\n`);
    },
  });
  const answer = host.service(UPGRADE_KILL_BASE_URL, 'countDetails', []);
  process.stdout.write(`done ${JSON.stringify(answer)}\n`);
  host.close();
}
