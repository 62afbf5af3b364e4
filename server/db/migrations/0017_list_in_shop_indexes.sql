DROP INDEX "products_list_newest_idx";--> statement-breakpoint
DROP INDEX "products_list_price_idx";--> statement-breakpoint
DROP INDEX "products_list_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_list_name_idx";--> statement-breakpoint
CREATE INDEX "products_in_shop_idx" ON "products" USING btree ("sold_out") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("sold_out","date_added" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("sold_out","effective_price_cents","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_list_price_desc_idx" ON "products" USING btree ("sold_out","effective_price_cents" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_list_name_idx" ON "products" USING btree ("sold_out","name_sort" collate "C","id") WHERE "products"."archived_at" is null;