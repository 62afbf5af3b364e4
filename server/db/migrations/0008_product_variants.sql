CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"condition" text NOT NULL,
	"language" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"effective_price_cents" integer GENERATED ALWAYS AS (coalesce(sale_price_cents, price_cents)) STORED NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_sale_price_check" CHECK ("product_variants"."sale_price_cents" is null or ("product_variants"."sale_price_cents" >= 0 and "product_variants"."sale_price_cents" < "product_variants"."price_cents")),
	CONSTRAINT "product_variants_condition_check" CHECK ("product_variants"."condition" in ('NM', 'LP', 'MP', 'HP', 'DMG', 'NEW')),
	CONSTRAINT "product_variants_language_check" CHECK ("product_variants"."language" in ('es', 'en', 'ja'))
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "rarity" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "type" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shown_variant_id" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_varies" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "conditions" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_keys" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "condition" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_condition_language_key" ON "product_variants" USING btree ("product_id","condition","language") WHERE "product_variants"."archived_at" is null;
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_key" ON "stock_alerts" USING btree (lower("email"),"product_id",coalesce("variant_id", '')) WHERE "stock_alerts"."notified_at" is null;
--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_product_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."notified_at" is null;
--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","date_added","id");
--> statement-breakpoint
CREATE INDEX "products_variant_keys_idx" ON "products" USING gin ("variant_keys");
--> statement-breakpoint
-- The product's summary columns (decision record 017), from its live variants: stock is their sum;
-- price, sale price and shown_variant_id are those of the cheapest variant in stock (else the
-- cheapest); price_varies says the variants in stock differ in price; conditions (best first) and
-- variant_keys ('NM:en') are those of the variants in stock. Run by the triggers below, so every
-- writer of product_variants (orders, cancellations, the admin, the import, the seed) agrees.
CREATE FUNCTION refresh_product_summaries(pids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    stock = coalesce(s.stock, 0),
    price_cents = coalesce(s.price_cents, p.price_cents),
    sale_price_cents = CASE WHEN s.shown_variant_id IS NULL THEN p.sale_price_cents ELSE s.sale_price_cents END,
    shown_variant_id = s.shown_variant_id,
    price_varies = coalesce(s.price_varies, false),
    conditions = ARRAY(
      SELECT u.c FROM unnest(ARRAY['NM', 'LP', 'MP', 'HP', 'DMG', 'NEW']) WITH ORDINALITY AS u(c, n)
      WHERE u.c = ANY(coalesce(s.conditions, '{}'::text[])) ORDER BY u.n
    ),
    variant_keys = coalesce(s.variant_keys, '{}'::text[]),
    updated_at = now()
  FROM (SELECT DISTINCT x.id FROM unnest(pids) AS x(id)) ids
  LEFT JOIN LATERAL (
    SELECT
      sum(v.stock)::integer AS stock,
      (array_agg(v.id ORDER BY v.stock > 0 DESC, v.effective_price_cents, v.id))[1] AS shown_variant_id,
      (array_agg(v.price_cents ORDER BY v.stock > 0 DESC, v.effective_price_cents, v.id))[1] AS price_cents,
      (array_agg(v.sale_price_cents ORDER BY v.stock > 0 DESC, v.effective_price_cents, v.id))[1] AS sale_price_cents,
      count(DISTINCT v.effective_price_cents) FILTER (WHERE v.stock > 0) > 1 AS price_varies,
      array_agg(DISTINCT v.condition) FILTER (WHERE v.stock > 0) AS conditions,
      array_agg(DISTINCT v.condition || ':' || v.language) FILTER (WHERE v.stock > 0) AS variant_keys
    FROM product_variants v
    WHERE v.product_id = ids.id AND v.archived_at IS NULL
  ) s ON true
  WHERE p.id = ids.id
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_summaries(ARRAY(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_summaries(ARRAY(SELECT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_summaries(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
-- Every product becomes one variant with its price, sale price and stock: a single in 'NM', a
-- sealed product or an accessory 'NEW', printed in English (the language of this market's
-- expansions unless said otherwise). The id is derived from the product's, so it is stable.
INSERT INTO product_variants (id, product_id, condition, language, price_cents, sale_price_cents, stock, created_at, updated_at)
SELECT substr(md5(p.id || '/variant'), 1, 24), p.id,
  CASE WHEN p.category = 'Carta Individual' THEN 'NM' ELSE 'NEW' END, 'en',
  p.price_cents, p.sale_price_cents, p.stock, p.date_added, now()
FROM products p;
--> statement-breakpoint
-- A sealed product or an accessory carries no rarity or type (the filters are for singles).
UPDATE products SET rarity = NULL, type = NULL WHERE category <> 'Carta Individual';
--> statement-breakpoint
-- Cart lines name the product's one variant.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" text;
--> statement-breakpoint
UPDATE cart_items SET variant_id = substr(md5(product_id || '/variant'), 1, 24);
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cart_id_product_id_pk";
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id");
--> statement-breakpoint
-- Order lines keep what they were sold as: the product's one variant (lines whose product was
-- deleted before variants existed stay without a condition and language).
UPDATE order_items oi SET variant_id = v.id, condition = v.condition, language = v.language
FROM product_variants v WHERE v.product_id = oi.product_id;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");
