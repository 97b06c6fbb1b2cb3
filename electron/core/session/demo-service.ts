import type { DemoBuyerKey, DemoStart, EmbeddedServiceHandle } from './session-types';

export interface DemoServiceOptions {
  /** Starts the embedded demo service: its handle, or why it could not start. */
  start(): Promise<DemoStart>;
  /** The demo's buyers as its last start left them (its credentials file), or null. */
  knownDemoBuyers?(): Promise<DemoBuyerKey[] | null>;
}

/**
 * The embedded demo service as the session knows it: the running one (or the one starting), its
 * address (the last one while it is stopped), its buyers and their keys (kept while it is stopped,
 * an outage: keys do not change between starts), and which buyer its own key signs in as.
 */
export function createDemoService(options: DemoServiceOptions) {
  let running: EmbeddedServiceHandle | null = null;
  let starting: Promise<DemoStart> | null = null;
  let lastAddress: string | null = null;
  /** The service's id of the account the demo service's own key signs in as. */
  let firstAccountId: string | null = null;
  const keys = new Map<string, string>();
  /** The demo's buyers, as the running demo or its last start told them. */
  let buyers: DemoBuyerKey[] = [];
  /** The service's names of the demo's buyers, as asked while it ran. */
  const names = new Map<string, string>();
  /** Reading the demo's buyers of its last start (once). */
  let known: Promise<void> | null = null;

  function learnBuyers(list: DemoBuyerKey[]): void {
    for (const buyer of list) keys.set(buyer.accountId, buyer.apiKey);
    if (list.length > 0) buyers = list;
  }

  /** Takes what a running demo says: its address, its buyers and their keys. */
  function remember(service: EmbeddedServiceHandle): void {
    lastAddress = service.baseUrl;
    learnBuyers(service.buyers ?? []);
    if (firstAccountId !== null) keys.set(firstAccountId, service.apiKey);
  }

  return {
    /** The running demo service, if any. */
    running: () => running,
    /** Where it answers, or answered last (an outage); null before it ever ran this session. */
    address: () => running?.baseUrl ?? lastAddress,
    /** Whether it ran (or runs) in this session. */
    hasRun: () => lastAddress !== null,
    keyOf: (accountId: string) => keys.get(accountId) ?? null,
    setKey: (accountId: string, apiKey: string) => void keys.set(accountId, apiKey),
    firstAccountId: () => firstAccountId,
    setFirstAccountId: (id: string) => void (firstAccountId = id),
    /** The demo's buyers (the running demo's, else its last start's). */
    buyers: () => buyers,
    nameOf: (accountId: string) => names.get(accountId),
    learnName: (accountId: string, name: string) => void names.set(accountId, name),
    remember,
    /** The running demo, started if need be (one start at a time); what it says is remembered. */
    async ensure(): Promise<DemoStart> {
      if (running) return { ok: true, service: running };
      starting ??= options.start().finally(() => {
        starting = null;
      });
      const started = await starting;
      if (!started.ok) return started;
      running = started.service;
      remember(running);
      return started;
    },
    /** The demo's buyers of its last start, read once while it is not running. */
    readKnown(): Promise<void> {
      known ??= (options.knownDemoBuyers?.() ?? Promise.resolve(null)).then(
        (list) => {
          if (!list || list.length === 0 || running) return;
          learnBuyers(list);
          firstAccountId ??= list[0]?.accountId ?? null;
        },
        () => undefined,
      );
      return known;
    },
    /** Stops it (also one still starting); `ensure` starts a new one. */
    async stop(): Promise<void> {
      const start = await starting?.catch(() => null);
      const service = running ?? (start?.ok ? start.service : null);
      running = null;
      await service?.stop();
    },
    /** `stopped` exited by itself: forgotten if it is the running one (true), so `ensure` starts a new one. */
    forget(stopped: EmbeddedServiceHandle): boolean {
      if (running !== stopped) return false;
      running = null;
      return true;
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
