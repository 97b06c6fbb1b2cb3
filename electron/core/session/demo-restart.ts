export interface EmbeddedRestartPolicy {
  attempts: number;
  /** Wait before attempt `n` (1-based). */
  delayMs(attempt: number): number;
}

/** Three attempts, 1 s, 2 s and 4 s after the stop: a crash loop ends within ten seconds. */
export const DEFAULT_EMBEDDED_RESTART: EmbeddedRestartPolicy = { attempts: 3, delayMs: (attempt) => 1_000 * 2 ** (attempt - 1) };

export const DEMO_STOPPED_TITLE = 'The demo service stopped';
export const demoRestartedText = 'It stopped unexpectedly and Caseworks started it again. Queued orders are sent now.';
export const demoNotRestartedText = (attempts: number) =>
  `It stopped unexpectedly and could not be started again (${attempts} ${attempts === 1 ? 'try' : 'tries'}). Choose “Use the demo service” in Settings to try once more, or restart Caseworks. Queued orders are kept.`;
