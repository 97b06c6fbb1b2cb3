import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the service's JavaScript heap grow past what the last full collection left live,
 * in per cent: the old generation's limit is then 4 × the live heap, where V8's own factor is
 * about 1.6 for a heap this small.
 *
 * Serving uncached listing pages at a million products, a service holding about 35 MB of live
 * heap ran a full collection every 40–80 pages at V8's factor: V8 started marking with the old
 * generation at 35 MB of its 57 MB limit, and each collection cost about 60 ms of marking and
 * sweeping on background threads that share the service's cores (perf, with the service pinned to
 * one core: most of the slowest pages' time). What starts marking that early was not found. With
 * this factor, on PGlite: 2–4 full collections against 5–16 in 1,600 pages, page p95 10.55 ms
 * against 11.45 ms (medians of six runs), resident memory 353–415 MB against 334–379 MB
 * (docs/benchmarks.md, "The slowest uncached pages at a million: full collections").
 */
export const HEAP_GROWING_PERCENT = 300;

/** The V8 flag that sets it. */
export const HEAP_GROWING_FLAG = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

/**
 * Sets HEAP_GROWING_FLAG in this process. V8 reads the factor each time it sets the limit after a
 * full collection, so setting it at run time takes effect from the next one (measured: the counts
 * above come from setting it so). Called by the service's own processes once the service has
 * started (server/cli.ts, and the app's utility process electron/main/embedded-service-process.ts):
 * seeding a million products on PGlite with it set from the process's start peaked at 1,111 MB
 * resident, against 832 MB without (the target is 1 GB). Not by startService: a process that starts
 * a service among other work (the tests) keeps V8's defaults.
 */
export function tuneHeapGrowth(setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags(HEAP_GROWING_FLAG);
}
