DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_name_sort_idx";--> statement-breakpoint
DROP INDEX "products_expansion_idx";--> statement-breakpoint
DROP INDEX "products_rarity_idx";--> statement-breakpoint
DROP INDEX "products_type_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS (stock <= 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("sold_out","effective_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_list_price_desc_idx" ON "products" USING btree ("sold_out","effective_price_cents" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_list_name_idx" ON "products" USING btree ("sold_out","name_sort" collate "C","id");--> statement-breakpoint
CREATE INDEX "products_expansion_idx" ON "products" USING btree ("expansion","sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_rarity_idx" ON "products" USING btree ("rarity","sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type","sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."sale_price_cents" is not null;