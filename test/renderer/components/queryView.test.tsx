import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../../../renderer/components/QueryStates';
import { BridgeCallError } from '../../../renderer/lib/bridgeErrors';
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

  it('offers "Try again" for a failure the core says a second try can help (a service error)', () => {
    const state = query({ isError: true, error: new BridgeCallError({ code: 'service_error', message: 'The service had a problem (HTTP 503).', retryable: true }) });
    view(state);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['rejected', 'The service refused the request (HTTP 422).', 'tell whoever runs the service'],
    ['unauthorized', 'The service did not accept the API key.', 'Check the API key in Settings'],
    ['not_found', 'The service could not find what was asked for.', 'go back and choose it again'],
    ['storage_error', 'The disk is read-only, so this was not saved.', 'restart Caseworks'],
    ['internal', 'Something went wrong inside Caseworks.', 'Restart Caseworks'],
  ] as const)('%s: a failure a second try would repeat says what to do instead of "Try again"', (code, message, step) => {
    const state = query({ isError: true, error: new BridgeCallError({ code, message, retryable: false }) });
    view(state);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`Wines could not be loaded: ${message}`);
    expect(alert.textContent).toContain(step);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
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
