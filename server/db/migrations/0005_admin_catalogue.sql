ALTER TABLE "import_runs" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "input" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_natural_key_idx" ON "products" USING btree ("expansion","name");--> statement-breakpoint
-- The search text now holds the artist too (the admin's product search matches it, docs/requirements.md#admin-area), built
-- by the same steps as catalog/search-text.ts: accents dropped, lower case, punctuation but '/' folded.
UPDATE "products" SET "search" = btrim(regexp_replace(lower(regexp_replace(normalize(concat_ws(' ', "name", "expansion", coalesce("card_number", ''), coalesce("category", ''), coalesce("artist", '')), NFD), '[\u0300-\u036f]', '', 'g')), '[^[:alnum:]/]+', ' ', 'g'));
