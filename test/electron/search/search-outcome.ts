import { expect } from 'vitest';
import type { Outcome } from '../../../electron/core/failure';

/** A call's data, failing the test when the call failed. */
export async function valueOf<T>(answer: Promise<Outcome<T>>): Promise<T> {
  const got = await answer;
  if (!got.ok) expect.fail(`the call failed: ${got.error.message}`);
  return got.data;
}
