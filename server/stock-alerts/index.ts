/**
 * 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts): anyone asks,
 * with an e-mail address, to hear once when a sold-out variant (or, with no variant, any variant of
 * a sold-out product) is back. One step, no confirmation e-mail; the answer never says whether the
 * address is a customer's; asking twice is one request (the unique index on waiting requests).
 *
 * The writers of variant stock (releaseStock, the admin's variant save, the CSV import) call
 * `queueBackInStockMail(tx, productIds)` in their own transaction after the stock went up: the
 * waiting alerts whose item now has stock are marked notified and their e-mails queued in the
 * outbox, exactly once even when two restocks race (the UPDATE's row lock and READ COMMITTED's
 * re-check of `notified_at is null`). The e-mail carries a signed one-click unsubscribe link.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { isId } from "#domain/ids.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { STOCK_ALERT_MESSAGES, STOCK_ALERT_UNSUBSCRIBE_PATH } from "#domain/stock-alerts.ts";
import { variantLabel, variantRank, variantSlug } from "#domain/variant-names.ts";
import { forgotPasswordSchema } from "#server/accounts/forms.ts";
import { takeRateLimit, type RateLimitRule } from "#server/accounts/rate-limit.server.ts";
import { getConfig } from "#server/config.ts";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { products, productVariants, stockAlerts } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { backInStockMail } from "#server/mail/templates.ts";

export class StockAlertError extends ShopError {}

/** Requests per IP and per address (times RATE_LIMIT_FACTOR): a collector asks for a few cards, a script for many. */
export const STOCK_ALERT_RATE_LIMITS = {
  perIp: { name: "stock-alert:ip", limit: 30, windowSeconds: 60 * 60 },
  perEmail: { name: "stock-alert:email", limit: 15, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** One request, counted per IP and per address; false when either allowance is used up. */
export async function allowStockAlertRequest(db: Queryable, attempt: { ip: string; email: string }, factor = 1): Promise<boolean> {
  const checks = await Promise.all([
    takeRateLimit(db, STOCK_ALERT_RATE_LIMITS.perIp, attempt.ip, factor),
    takeRateLimit(db, STOCK_ALERT_RATE_LIMITS.perEmail, attempt.email, factor),
  ]);
  return checks.every(Boolean);
}

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.union([z.literal("").transform(() => null), z.string().refine(isId, message)]),
  );

/** The alert form: the address (as every e-mail field of the shop), the product, and the variant or none. */
export const stockAlertSchema = z.object({
  email: forgotPasswordSchema.shape.email,
  productId: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().refine(isId, STOCK_ALERT_MESSAGES.productNotFound)),
  variantId: optionalId(STOCK_ALERT_MESSAGES.productNotFound),
});
export type StockAlertInput = z.infer<typeof stockAlertSchema>;

/**
 * Records the request. Refuses an unknown or archived product or variant (404) and an item in stock
 * (409: it can be bought now); a second request for the same waiting item changes nothing. The
 * answer is the same whether or not the address belongs to an account (`userId` is the signed-in
 * requester's, never looked up from the address).
 */
export async function requestStockAlert(db: Database, input: StockAlertInput & { userId: string | null }): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.archivedAt)));
  if (!product) throw new StockAlertError(STOCK_ALERT_MESSAGES.productNotFound, 404, "productId");
  const live = await db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, input.productId), isNull(productVariants.archivedAt)));
  if (input.variantId !== null) {
    const variant = live.find((v) => v.id === input.variantId);
    if (!variant) throw new StockAlertError(STOCK_ALERT_MESSAGES.productNotFound, 404, "variantId");
    if (variant.stock > 0) throw new StockAlertError(STOCK_ALERT_MESSAGES.inStock, 409);
  } else if (live.some((v) => v.stock > 0)) {
    throw new StockAlertError(STOCK_ALERT_MESSAGES.inStock, 409);
  }
  await db
    .insert(stockAlerts)
    .values({ id: newId(), email: input.email, productId: input.productId, variantId: input.variantId, userId: input.userId })
    .onConflictDoNothing();
}

/** Where the e-mails' links point and what signs the unsubscribe link; by default PUBLIC_URL and SESSION_SECRET. */
export interface StockAlertLinks {
  origin?: string;
  secret?: string;
}

const DEFAULT_ORIGIN = "http://localhost:3000";

function resolveLinks(links: StockAlertLinks | undefined): { origin: string; secret: string } {
  const needConfig = !links?.origin || !links?.secret;
  const config = needConfig ? getConfig() : undefined;
  const origin = links?.origin ?? (config?.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : DEFAULT_ORIGIN);
  return { origin: new URL(origin).origin, secret: links?.secret ?? config!.SESSION_SECRET };
}

interface NotifiedRow {
  id: string;
  email: string;
  product_id: string;
  variant_id: string | null;
}

/**
 * In the caller's transaction, after the stock of some variants of `productIds` went up: marks
 * notified every waiting alert whose variant (or, for a product-wide alert, any live variant of the
 * product) now has stock, and queues one e-mail each through the outbox. Returns how many. Two
 * restocks racing send once: the UPDATE locks each alert row, and the second transaction's
 * re-check finds it notified. A later restock sends nothing more (the request was answered).
 * Call `notifyMailQueued()` after the commit to send at once (the worker polls anyway).
 */
export async function queueBackInStockMail(tx: Tx, productIds: string[], links?: StockAlertLinks): Promise<number> {
  const ids = [...new Set(productIds.filter(isId))];
  if (ids.length === 0) return 0;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${stockAlerts} a set notified_at = now()
    where a.notified_at is null
      and a.product_id in (${idList})
      and exists (
        select 1 from ${productVariants} v
        where v.product_id = a.product_id and v.archived_at is null and v.stock > 0
          and (a.variant_id is null or v.id = a.variant_id)
      )
    returning a.id, a.email, a.product_id, a.variant_id
  `);
  const notified = (result as unknown as { rows: NotifiedRow[] }).rows;
  if (notified.length === 0) return 0;
  const { origin, secret } = resolveLinks(links);

  const productRows = await tx
    .select({ id: products.id, name: products.name, expansion: products.expansion, cardNumber: products.cardNumber })
    .from(products)
    .where(sql`${products.id} in (${idList})`);
  const variantRows = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      condition: productVariants.condition,
      language: productVariants.language,
      effectivePriceCents: productVariants.effectivePriceCents,
    })
    .from(productVariants)
    .where(and(sql`${productVariants.productId} in (${idList})`, isNull(productVariants.archivedAt), gt(productVariants.stock, 0)));

  for (const alert of notified) {
    const product = productRows.find((p) => p.id === alert.product_id);
    // A product-wide alert names the cheapest variant in stock (best condition first on a tie).
    const variant =
      variantRows.find((v) => v.id === alert.variant_id) ??
      variantRows
        .filter((v) => v.productId === alert.product_id)
        .sort((a, b) => a.effectivePriceCents - b.effectivePriceCents || variantRank(a) - variantRank(b))[0];
    if (!product || !variant) continue;
    const productUrl = `${origin}/producto/${product.id}?${new URLSearchParams({ variante: variantSlug(variant) })}`;
    const mail = backInStockMail({
      productName: product.name,
      expansion: product.expansion,
      cardNumber: product.cardNumber,
      variantLabel: variantLabel(variant),
      priceText: formatMoneyCents(variant.effectivePriceCents),
      productUrl,
      unsubscribeUrl: stockAlertUnsubscribeUrl(origin, alert.email, secret),
    });
    await enqueueMail(tx, {
      kind: "back-in-stock",
      to: alert.email,
      ...mail,
      headers: {
        "List-Unsubscribe": `<${stockAlertUnsubscribeUrl(origin, alert.email, secret)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  }
  return notified.length;
}

/**
 * The admin took variants out of the shop (archived or deleted): a request waiting for one of them
 * becomes a request for any variant of the product, so the collector still hears when the card is
 * back; one per address (an address already waiting for any variant keeps that one). In the
 * admin's transaction, before the variants go (a deleted variant takes its alerts with it).
 */
export async function widenAlertsOfRemovedVariants(tx: Queryable, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const ids = sql.join(
    variantIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${stockAlerts} set variant_id = null
    where id in (
      select distinct on (lower(a.email), a.product_id) a.id
      from ${stockAlerts} a
      where a.variant_id in (${ids}) and a.notified_at is null
        and not exists (
          select 1 from ${stockAlerts} b
          where b.notified_at is null and b.variant_id is null and b.product_id = a.product_id and lower(b.email) = lower(a.email)
        )
      order by lower(a.email), a.product_id, a.created_at
    )`);
}

/** Wakes the mail worker after the restock's commit (safe to call when no worker runs). */
export const sendQueuedStockAlerts = notifyMailQueued;

const UNSUBSCRIBE_LABEL = "cartas-del-valle stock-alert unsubscribe\u0000";
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The signature of an address's unsubscribe link: an HMAC-SHA256 of it (lower case) under SESSION_SECRET, base64url. */
export function stockAlertUnsubscribeSignature(email: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(UNSUBSCRIBE_LABEL + email.trim().toLowerCase())
    .digest("base64url");
}

/** The absolute one-click unsubscribe link of an address. */
export function stockAlertUnsubscribeUrl(origin: string, email: string, secret: string): string {
  const query = new URLSearchParams({ correo: email.trim().toLowerCase(), firma: stockAlertUnsubscribeSignature(email, secret) });
  return `${origin}${STOCK_ALERT_UNSUBSCRIBE_PATH}?${query}`;
}

/** The address a link names when its signature is right (constant time), else null. */
export function verifiedUnsubscribeEmail(correo: unknown, firma: unknown, secret: string): string | null {
  if (typeof correo !== "string" || typeof firma !== "string" || !SIGNATURE_PATTERN.test(firma)) return null;
  const email = correo.trim().toLowerCase();
  if (!email || email.length > 254) return null;
  const expected = Buffer.from(stockAlertUnsubscribeSignature(email, secret));
  return timingSafeEqual(expected, Buffer.from(firma)) ? email : null;
}

/** Cancels every waiting alert of the address (already answered ones stay as history); returns how many. */
export async function unsubscribeStockAlerts(db: Queryable, email: string): Promise<number> {
  const removed = await db
    .delete(stockAlerts)
    .where(and(sql`lower(${stockAlerts.email}) = ${email.trim().toLowerCase()}`, isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  return removed.length;
}

/** What the /alertas page names: the product (and variant) asked about; null for an unknown or archived one. */
export async function alertedItem(
  db: Queryable,
  productId: unknown,
  variantId: unknown,
): Promise<{ productId: string; name: string; variantId: string | null; variantLabel: string | null } | null> {
  if (!isId(productId)) return null;
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  if (!product) return null;
  const [variant] = isId(variantId)
    ? await db
        .select({ id: productVariants.id, condition: productVariants.condition, language: productVariants.language })
        .from(productVariants)
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    : [];
  return {
    productId: product.id,
    name: product.name,
    variantId: variant?.id ?? null,
    variantLabel: variant ? variantLabel(variant) : null,
  };
}
