import type { ConnectionProblem } from '../../../shared/bridge';
import { routeHref } from '../../app/routes';
import { EmptyState } from '../../components/QueryStates';
import { useSession } from '../../lib/useSession';
import { useOnline } from './useOnline';

const TITLES: Record<ConnectionProblem['code'], string> = {
  key_refused: 'The API key was not accepted.',
  not_answering: 'The service is not answering.',
  unreachable: 'The service cannot be reached.',
  demo_unavailable: 'The demo service is not running.',
  data_folder_in_use: 'The demo service’s data folder is in use.',
};

/** A service that does not answer at all is what the offline banner says; these are the others. */
const shownByOfflineBanner = (problem: ConnectionProblem) => problem.code === 'not_answering' || problem.code === 'unreachable';

/**
 * What stands between the app and its service, found at the first contact (a refused key, a demo
 * that cannot start), said on every screen with the way to put it right.
 */
export function ConnectionNotice() {
  const problem = useSession().data?.problem ?? null;
  if (!problem || shownByOfflineBanner(problem)) return null;
  return (
    <div className="notice-banner notice-error" role="alert">
      <p>
        <strong>{TITLES[problem.code]}</strong> {problem.message} {problem.fix} <a href={routeHref({ screen: 'settings' })}>Open Settings</a>
      </p>
    </div>
  );
}

/** The catalog's empty state before its first download: why it has not come, when something is known against it. */
export function CatalogNotDownloaded() {
  const problem = useSession().data?.problem ?? null;
  const online = useOnline();
  if (problem) {
    return (
      <EmptyState title={`The catalog cannot be downloaded yet. ${TITLES[problem.code]}`}>
        <p>
          {problem.message} {problem.fix}
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="The catalog has not been downloaded yet">
      <p>
        {online
          ? 'It appears here as soon as the first sync brings it in; the progress shows at the top of the window.'
          : 'Caseworks is offline; it downloads the catalog as soon as the service answers.'}
      </p>
    </EmptyState>
  );
}

