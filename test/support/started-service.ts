import type { ServiceStart } from '../../electron/core/connection';

/** The service a start gave, for a test that expects it to start (a refusal fails the test with its words). */
export async function startedService<S>(start: Promise<ServiceStart<S>>): Promise<S> {
  const started = await start;
  if (!started.ok) throw new Error(`the service did not start (${started.failure.code}): ${started.failure.message}`);
  return started.service;
}
