import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FailureNote } from '../../../renderer/components/FailureNote';
import { BridgeCallError } from '../../../renderer/lib/bridgeErrors';

afterEach(cleanup);

describe('FailureNote', () => {
  it('says nothing while the action has not failed', () => {
    const { container } = render(<FailureNote error={null} lead="Could not send it again" />);
    expect(container.innerHTML).toBe('');
  });

  it('says what failed and why in plain words, as an alert, with the advice after', () => {
    const error = new BridgeCallError({ code: 'offline', message: 'The service did not answer.', retryable: true });
    render(<FailureNote error={error} lead="The orders were not handed over" after="Your cart is unchanged; try again." />);
    expect(screen.getByRole('alert').textContent).toBe('The orders were not handed over: The service did not answer. Your cart is unchanged; try again.');
  });

  it('has words for an error that carries none it can show', () => {
    render(<FailureNote error={{ reason: 42 }} lead="Could not delete it" />);
    expect(screen.getByRole('alert').textContent).toBe('Could not delete it: Something went wrong.');
  });
});
