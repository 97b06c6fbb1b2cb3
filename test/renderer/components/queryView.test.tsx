import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../../../renderer/components/QueryStates';
import { QueryView, type QueryLike } from '../../../renderer/components/QueryView';

const failure = { code: 'unavailable', message: 'The service did not answer.', retryable: true };

function query(state: Partial<QueryLike<string[]>>): QueryLike<string[]> {
  return { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...state };
}

function view(state: QueryLike<string[]>, renderError?: (message: React.ReactNode) => React.ReactNode) {
  return render(
    <QueryView
      query={state}
      loading="Loading wines…"
      errorTitle="Wines could not be loaded"
      renderError={renderError}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState title="No wines" />}
    >
      {(data) => <ul>{data.map((wine) => <li key={wine}>{wine}</li>)}</ul>}
    </QueryView>,
  );
}

describe('QueryView', () => {
  afterEach(cleanup);

  it('says what it is loading while the first answer is awaited', () => {
    view(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading wines…');
  });

  it('shows the error under its title, and "Try again" refetches', () => {
    const state = query({ isError: true, error: failure });
    view(state);
    expect(screen.getByRole('alert').textContent).toContain('Wines could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it('lets the screen frame the error', () => {
    view(query({ isError: true, error: failure }), (message) => (
      <section aria-label="framed">
        <h1>Wines</h1>
        {message}
      </section>
    ));
    expect(screen.getByRole('region', { name: 'framed' }).querySelector('[role="alert"]')).not.toBeNull();
  });

  it('shows the empty state for an empty answer, the data otherwise', () => {
    view(query({ data: [] }));
    expect(screen.getByText('No wines')).toBeTruthy();
    cleanup();
    view(query({ data: ['Coast Pinot Noir'] }));
    expect(screen.getByRole('listitem').textContent).toBe('Coast Pinot Noir');
    expect(screen.queryByText('No wines')).toBeNull();
  });
});
