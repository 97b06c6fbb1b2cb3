CREATE TABLE "catalog_versions" (
	"slot" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- rate_limit_counters is UNLOGGED (edited by hand): counters lost in a database crash only reset windows, and a commit that wrote no WAL does not wait for a disk flush.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
