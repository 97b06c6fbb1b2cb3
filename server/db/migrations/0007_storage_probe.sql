-- IF NOT EXISTS by hand: databases made before 0005 and 0006 were placed ahead of it have it already.
CREATE TABLE IF NOT EXISTS "storage_probes" (
	"id" text PRIMARY KEY NOT NULL,
	"filler" text NOT NULL
);
