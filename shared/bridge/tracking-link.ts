import { z } from 'zod';

/**
 * What became of "Track with …": `opened` in the user's browser by the desktop app, `not_opened`
 * (the desktop could not), or `open_in_page` where the host has no browser of its own to hand it
 * to (the browser shell: the page is in a browser already, so it opens the link in a new tab).
 */
export const TrackingLinkOutcome = z.object({ outcome: z.enum(['opened', 'not_opened', 'open_in_page']) });
export type TrackingLinkOutcome = z.infer<typeof TrackingLinkOutcome>;
