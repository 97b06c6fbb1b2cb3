import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionInfo } from '../../../shared/bridge';
import { queryKeys } from '../../lib/queryKeys';

/** After connecting or signing out everything cached belongs to another account: refetch it all. */
export function useSessionChange(): (session?: SessionInfo) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (session) => {
      if (session) queryClient.setQueryData(queryKeys.session, session);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' || !session });
    },
    [queryClient],
  );
}
