import { z } from 'zod';

/**
 * Between the app and the demo service it starts in its own process (`server/cli.ts` forked by
 * Node, or `electron/main/embedded-service-process.ts` in Electron): what the service says over
 * its message channel, and how it says that another live process holds its data folder.
 */

/** The code of a refusal to start because another live process holds the data folder. */
export const DATA_FOLDER_IN_USE = 'data_folder_in_use';

/**
 * The exit code of a process that refused to start for that reason (EX_TEMPFAIL of sysexits.h:
 * it may work once the other process has stopped), for a launcher that sees only exit codes.
 */
export const DATA_FOLDER_IN_USE_EXIT_CODE = 75;

/**
 * A service asked to stop (SIGTERM, a stop message, its parent gone) exits within this: with code
 * 0 once it has closed, with 1 if closing took longer (requests in flight get `HTTP_DRAIN_MS` of
 * it, webhook sends their own timeout). Whoever started it waits a little longer than this before
 * saying it did not stop, so a service that ends its own stop is never reported stuck.
 */
export const SERVICE_STOP_DEADLINE_MS = 20_000;

export const EmbeddedServiceMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), baseUrl: z.string() }),
  /** `code` tells a refusal the app can act on (`DATA_FOLDER_IN_USE`) apart; `message` is for people. */
  z.object({ type: z.literal('error'), message: z.string(), code: z.string().optional() }),
]);
export type EmbeddedServiceMessage = z.infer<typeof EmbeddedServiceMessage>;

/**
 * The environment every service process the project starts gets (the app's demo service, the
 * benchmarks' services). glibc gives each thread that allocates its own malloc arena, up to eight
 * per core, and seldom gives their memory back: a PGlite service seeding 50,000 products (a
 * worker thread makes them, libuv's threads compress and read files) held 498–507 MB resident
 * afterwards with the default, 374 MB with two arenas, 358 MB with one (after a garbage
 * collection, its JavaScript and WebAssembly memory the same in all three; 2026-11-26, Node 20,
 * Debian 12). Ignored where the C library is not glibc. docs/operations.md says so for deployments.
 */
export const SERVICE_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
