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

export const EmbeddedServiceMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), baseUrl: z.string() }),
  /** `code` tells a refusal the app can act on (`DATA_FOLDER_IN_USE`) apart; `message` is for people. */
  z.object({ type: z.literal('error'), message: z.string(), code: z.string().optional() }),
]);
export type EmbeddedServiceMessage = z.infer<typeof EmbeddedServiceMessage>;
