import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A full-text search document; written and read only through SQL expressions. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Every timestamp is stored with its zone and read back as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
