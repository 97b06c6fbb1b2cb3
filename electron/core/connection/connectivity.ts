export interface ConnectivityTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ConnectivityOptions {
  /** One cheap request to the service; resolves true when it answered at all. */
  probe: () => Promise<boolean>;
  /** Told every time the state flips. */
  onChange: (online: boolean) => void;
  /** How often to probe while offline. */
  offlineProbeMs?: number;
  /** How often to probe while online and quiet, to notice a dropped network before the user does. */
  onlineProbeMs?: number;
  timers?: ConnectivityTimers;
}

export interface Connectivity {
  readonly online: boolean;
  /** Feed from every request: did the service answer (any HTTP status) or not. */
  report(reachable: boolean): void;
  /** Probes now; resolves with the new state. */
  check(): Promise<boolean>;
  /** Starts over (a new service): assumes online until a request says otherwise; a flip is told as usual. */
  reset(online?: boolean): void;
  stop(): void;
}

/**
 * Online or offline, learned from the outcome of real requests and a periodic probe (more often
 * while offline, so a returning network is noticed within seconds). `onChange` fires only on
 * flips, which is where the outbox and the sync are kicked.
 */
export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const offlineProbeMs = options.offlineProbeMs ?? 5_000;
  const onlineProbeMs = options.onlineProbeMs ?? 60_000;
  const timers: ConnectivityTimers = options.timers ?? {
    setInterval: (callback, ms) => {
      const handle = setInterval(callback, ms);
      handle.unref?.();
      return handle;
    },
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
  let online = true;
  let stopped = false;
  let probing: Promise<boolean> | null = null;
  let timer: unknown = null;

  function schedule() {
    if (timer !== null) timers.clearInterval(timer);
    timer = stopped ? null : timers.setInterval(() => void check(), online ? onlineProbeMs : offlineProbeMs);
  }

  function set(next: boolean) {
    if (stopped || next === online) return;
    online = next;
    schedule();
    options.onChange(online);
  }

  function check(): Promise<boolean> {
    probing ??= options
      .probe()
      .catch(() => false)
      .then((reachable) => {
        set(reachable);
        return online;
      })
      .finally(() => {
        probing = null;
      });
    return probing;
  }

  schedule();

  return {
    get online() {
      return online;
    },
    report: set,
    check,
    reset(next = true) {
      if (next !== online) set(next);
      else schedule();
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearInterval(timer);
      timer = null;
    },
  };
}
