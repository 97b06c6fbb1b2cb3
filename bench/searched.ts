import type { Outcome } from '../electron/core/failure';

/** A search's answer for a bench: its data, or the run stops with the failure's words. */
export async function searched<T>(answer: Promise<Outcome<T>>): Promise<T> {
  const got = await answer;
  if (!got.ok) throw new Error(`the search failed: ${got.error.message}`);
  return got.data;
}
