import type { SessionInfo } from '../../shared/bridge/session';

/**
 * What `npm run web` prints about its session, in one line: connected (to what, as whom), offline
 * with the reason the first contact found, a refused key with the way to fix it, or not
 * connected. `problem` lines go to stderr.
 */
export function sessionLine(session: SessionInfo | null): { text: string; problem: boolean } {
  if (!session || session.mode === 'none') {
    const why = session?.problem ? ` ${session.problem.message} ${session.problem.fix}` : '';
    return { text: `Not connected to a service: choose one in Settings.${why}`, problem: Boolean(session?.problem) };
  }
  const { problem } = session;
  if (problem?.code === 'not_answering' || problem?.code === 'unreachable') return { text: `Offline: ${problem.message} ${problem.fix}`, problem: true };
  if (problem) return { text: `Not working yet: ${problem.message} ${problem.fix}`, problem: true };
  const as = session.account ? ` as ${session.account.name}` : '';
  if (session.mode === 'demo') {
    return { text: session.baseUrl ? `Connected to the demo service${as}.` : `Signed in to the demo marketplace${as}; its service is starting.`, problem: false };
  }
  if (!session.online) return { text: `Offline: ${session.baseUrl ?? 'the service'} does not answer${as ? ` (signed in${as})` : ''}; orders wait in the outbox.`, problem: true };
  return { text: `Connected to ${session.baseUrl}${as}.`, problem: false };
}
