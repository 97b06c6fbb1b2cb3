/**
 * Runs an async task now and then: every `intervalMs`, and at once when woken. Runs never overlap;
 * a wake during a run schedules one more run right after it. `stop()` waits for the current run.
 */
export interface Poller {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

export function createPoller(task: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): Poller {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let rerun = false;
  let stopped = true;

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run(): void {
    timer = null;
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    running = task()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
        if (rerun) {
          rerun = false;
          schedule(0);
        } else {
          schedule(intervalMs);
        }
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (running) rerun = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
