import { useStatusStore } from './statusStore';

/**
 * While the offline copy is updated for this version of Caseworks (once, as it first opens: the
 * catalog waits meanwhile), what is happening and how far it has come; when a full disk stopped
 * it, that, in the core's words, until it is tried again. Its live region is always there, so a
 * screen reader hears the words when they appear; the bar's value is not announced at each step.
 */
export function OfflineUpgradeNotice() {
  const upgrade = useStatusStore((state) => state.offlineUpgrade);
  const problem = useStatusStore((state) => state.offlineUpgradeProblem);
  const percent = upgrade && upgrade.total > 0 ? Math.floor((upgrade.done / upgrade.total) * 100) : null;
  return (
    <div role="status" aria-live="polite" aria-atomic="false">
      {upgrade ? (
        <div className="notice-banner notice-info offline-upgrade">
          <p>
            <strong>Updating the offline copy for this version of Caseworks.</strong> This happens once and can take a minute with a
            large catalog; the catalog shows when it is done.
          </p>
          {percent !== null ? (
            // No text inside: a changing text in the live region would be read out at every step.
            <progress value={upgrade.done} max={upgrade.total} aria-label="Offline copy update" aria-valuetext={`${percent}% done`} />
          ) : null}
        </div>
      ) : problem ? (
        <div className="notice-banner notice-warning offline-upgrade">
          <p>
            <strong>The offline copy could not be updated.</strong> {problem.message}
          </p>
        </div>
      ) : null}
    </div>
  );
}
