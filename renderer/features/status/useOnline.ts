import { useSession } from '../../lib/useSession';
import { useStatusStore } from './statusStore';

/** Online as the core last reported it: events first, else the session's initial answer; assumed online until known. */
export function useOnline(): boolean {
  const fromEvents = useStatusStore((state) => state.online);
  const session = useSession();
  return fromEvents ?? session.data?.online ?? true;
}
