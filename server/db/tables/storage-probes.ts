import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Written to and emptied again in one transaction by the readiness check after the disk was found
 * full, to learn whether a write fits again (StorageWatch). Always empty between probes.
 */
export const storageProbes = pgTable('storage_probes', {
  id: text('id').primaryKey(),
  filler: text('filler').notNull(),
});
