import type { SessionInfo } from '../../../shared/bridge';
import { useSession } from '../../lib/useSession';
import { useStatusStore } from './statusStore';

/**
 * The one rule for "online": as the core last reported it through events, else the session's
 * initial answer; null while neither has said.
 */
export function knownOnline(fromEvents: boolean | null, session: Pick<SessionInfo, 'online'> | undefined): boolean | null {
  return fromEvents ?? session?.online ?? null;
}

/** Online as the core last reported it; assumed online until known. */
export function useOnline(): boolean {
  const fromEvents = useStatusStore((state) => state.online);
  const session = useSession();
  return knownOnline(fromEvents, session.data) ?? true;
}
