import type { ReactNode } from 'react';
import { ErrorMessage, Loading } from './QueryStates';

/** What QueryView needs of a query (TanStack Query's result has it). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Said while the first answer is awaited ("Loading orders…"). */
  loading: string;
  /**
   * Heads the error ("Orders could not be loaded"); the error carries a "Try again" that refetches
   * when trying again can help, and otherwise what the buyer can do instead.
   */
  errorTitle: string;
  /** Frames the error where the screen shows more around it (a heading, a way back). */
  renderError?: (message: ReactNode) => ReactNode;
  /** When the answer holds nothing to show, `empty` is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One way every screen shows a query: loading, then an error (to retry when that can help), an empty state, or the data. */
export function QueryView<T>({ query, loading, errorTitle, renderError, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError || query.data === undefined) {
    const message = <ErrorMessage error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
    return <>{renderError ? renderError(message) : message}</>;
  }
  if (isEmpty?.(query.data)) return <>{empty ?? null}</>;
  return <>{children(query.data)}</>;
}
