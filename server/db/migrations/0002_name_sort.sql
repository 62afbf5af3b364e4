DROP INDEX "products_name_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_sort" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f]', '', 'g')), '[^[:alnum:]/]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_sort_idx" ON "products" USING btree ("name_sort" collate "C","id");