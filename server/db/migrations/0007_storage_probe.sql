CREATE TABLE "storage_probes" (
	"id" text PRIMARY KEY NOT NULL,
	"filler" text NOT NULL
);
