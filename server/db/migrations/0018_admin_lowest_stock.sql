ALTER TABLE "products" ADD COLUMN "lowest_stock" integer;--> statement-breakpoint
-- The summary of migration 0008 gains lowest_stock, the stock of the product's lowest live variant
-- (null without one): 'Resumen' counted the products out of stock and low by grouping every variant
-- of the shop on each visit (0.5 s at 100,000 products on the embedded database); now it reads an index.
CREATE OR REPLACE FUNCTION refresh_product_summaries(pids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    stock = coalesce(s.stock, 0),
    lowest_stock = s.lowest_stock,
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
      min(v.stock) AS lowest_stock,
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
UPDATE "products" p SET "lowest_stock" = v.lowest
FROM (SELECT product_id, min(stock) AS lowest FROM product_variants WHERE archived_at IS NULL GROUP BY product_id) v
WHERE v.product_id = p.id;--> statement-breakpoint
CREATE INDEX "products_lowest_stock_idx" ON "products" USING btree ("lowest_stock") WHERE "products"."archived_at" is null;
