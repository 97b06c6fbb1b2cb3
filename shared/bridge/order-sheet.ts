import { z } from 'zod';

/**
 * An order number as it may appear in a file name: the service's numbers look like `CW-240117`;
 * anything with a path separator, a dot or a space is refused before main sees it.
 */
export const OrderSheetNumber = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'An order number is letters, digits and dashes.');

/**
 * What saving the order sheet on screen as a PDF came to: `saved` (under `fileName`, in the folder
 * the buyer chose), `cancelled` (the buyer closed the save dialog), or `unsupported` where the host
 * cannot save a PDF itself (the browser shell: the page prints with the browser's own dialog).
 */
export const OrderSheetPdfOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), fileName: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
  z.object({ outcome: z.literal('unsupported') }),
]);
export type OrderSheetPdfOutcome = z.infer<typeof OrderSheetPdfOutcome>;
