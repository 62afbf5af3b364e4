/**
 * 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts): anyone asks to
 * hear once when a sold-out variant (or, with no variant, any variant of a sold-out product) is
 * back. A signed-in customer's request is for the account's own e-mail and is active at once; a
 * guest's waits for its address to be confirmed: one 'Confirma tu aviso' e-mail with a random
 * single-use link (stored as its SHA-256 hash, valid STOCK_ALERT_CONFIRM_DAYS days). Confirmation
 * e-mails are sparing: one pending link per address and item (asking again sends another only
 * after a day), and at most a few a day per mailbox (the address without its '+tag'). The answer
 * never says whether the address is a customer's; asking twice is one request (the unique index
 * on waiting requests).
 *
 * The writers of variant stock (releaseStock, the admin's variant save, the CSV import) call
 * `queueBackInStockMail(tx, productIds)` in their own transaction after the stock went up: the
 * confirmed waiting alerts whose item now has stock are marked notified and their e-mails queued in
 * the outbox, exactly once even when two restocks race (the UPDATE's row lock and READ COMMITTED's
 * re-check of `notified_at is null`). The e-mail carries a signed one-click unsubscribe link. Its
 * links go to the origin the request reached the shop at, kept on the alert (server/mail/link-origin.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { isId } from "#domain/ids.ts";
import { originOfUrl } from "#domain/origins.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import {
  STOCK_ALERT_CONFIRM_DAYS,
  STOCK_ALERT_CONFIRM_PATH,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERT_UNSUBSCRIBE_PATH,
  stockAlertItemName,
  stockAlertMailbox,
} from "#domain/stock-alerts.ts";
import { variantLabel, variantRank, variantSlug } from "#domain/variant-names.ts";
import { forgotPasswordSchema } from "#server/accounts/forms.ts";
import { takeRateLimit, type RateLimitRule } from "#server/accounts/rate-limit.server.ts";
import { getConfig } from "#server/config.ts";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { products, productVariants, stockAlerts } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { mailLinkOrigin } from "#server/mail/link-origin.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { backInStockMail, stockAlertConfirmMail } from "#server/mail/templates.ts";

/**
 * Requests per IP and per address (times RATE_LIMIT_FACTOR): a collector asks for a few cards, a
 * script for many. And 'Confirma tu aviso' e-mails per mailbox (the address lower-cased, without
 * its '+tag'), so a stranger cannot fill someone's inbox with them through many products or
 * plus-variants of the address.
 */
export const STOCK_ALERT_RATE_LIMITS = {
  perIp: { name: "stock-alert:ip", limit: 30, windowSeconds: 60 * 60 },
  perEmail: { name: "stock-alert:email", limit: 15, windowSeconds: 60 * 60 },
  confirmMailsPerMailbox: { name: "stock-alert:confirm-mail", limit: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long a confirmation link works. */
export const STOCK_ALERT_CONFIRM_TTL_MS = STOCK_ALERT_CONFIRM_DAYS * 24 * 60 * 60 * 1000;
/** Asking again for an item whose confirmation is pending sends a new link only once the last one is this old. */
export const STOCK_ALERT_CONFIRM_RESEND_MS = 24 * 60 * 60 * 1000;

/** Confirmation tokens are 32 random bytes in base64url: 43 characters. Anything else is not one of ours. */
const CONFIRM_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

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
 * (409: it can be bought now); a second request for the same waiting item changes nothing, except
 * that a pending one is confirmed by a customer's own request, and gets a new link once its last
 * one is a day old. `confirmed` is true only for the signed-in customer's own address (`userId`
 * theirs): active at once. Otherwise the request waits, and one 'Confirma tu aviso' e-mail is queued
 * unless the mailbox had its allowance (429, nothing written). The answer is the same whether or
 * not the address belongs to an account (`userId` is never looked up from the address).
 */
export async function requestStockAlert(
  db: Database,
  input: StockAlertInput & { userId: string | null; confirmed: boolean },
  options: { links?: StockAlertLinks; factor?: number; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.archivedAt)));
  if (!product) throw new ShopError(STOCK_ALERT_MESSAGES.productNotFound, "not_found", "productId");
  const live = await db
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      condition: productVariants.condition,
      language: productVariants.language,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, input.productId), isNull(productVariants.archivedAt)));
  const variant = input.variantId === null ? null : live.find((v) => v.id === input.variantId);
  if (variant === undefined) throw new ShopError(STOCK_ALERT_MESSAGES.productNotFound, "not_found", "variantId");
  if (variant ? variant.stock > 0 : live.some((v) => v.stock > 0)) throw new ShopError(STOCK_ALERT_MESSAGES.inStock, "conflict");

  // The origin this request reached the shop at: the confirmation's link now, the back-in-stock e-mail's later.
  const origin = originOfUrl(options.links?.origin);
  const queued = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stockAlerts)
      .values({
        id: newId(),
        email: input.email,
        productId: input.productId,
        variantId: input.variantId,
        userId: input.userId,
        confirmedAt: input.confirmed ? now : null,
        origin,
      })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    let alertId = inserted?.id;
    if (!alertId) {
      const [waiting] = await tx
        .select({ id: stockAlerts.id, confirmedAt: stockAlerts.confirmedAt, confirmExpiresAt: stockAlerts.confirmExpiresAt })
        .from(stockAlerts)
        .where(
          and(
            sql`lower(${stockAlerts.email}) = lower(${input.email})`,
            eq(stockAlerts.productId, input.productId),
            sql`coalesce(${stockAlerts.variantId}, '') = ${input.variantId ?? ""}`,
            isNull(stockAlerts.notifiedAt),
          ),
        )
        .for("update");
      if (!waiting || waiting.confirmedAt) return false;
      if (input.confirmed) {
        await tx
          .update(stockAlerts)
          .set({ confirmedAt: now, userId: input.userId, confirmTokenHash: null, confirmExpiresAt: null, ...(origin ? { origin } : {}) })
          .where(eq(stockAlerts.id, waiting.id));
        return false;
      }
      const lastSent = waiting.confirmExpiresAt ? waiting.confirmExpiresAt.getTime() - STOCK_ALERT_CONFIRM_TTL_MS : -Infinity;
      if (now.getTime() - lastSent < STOCK_ALERT_CONFIRM_RESEND_MS) return false;
      alertId = waiting.id;
    } else if (input.confirmed) {
      return false;
    }
    const allowed = await takeRateLimit(
      tx,
      STOCK_ALERT_RATE_LIMITS.confirmMailsPerMailbox,
      stockAlertMailbox(input.email),
      options.factor ?? 1,
      now,
    );
    if (!allowed) throw new ShopError(RATE_LIMIT_MESSAGE, "rate_limited");
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(stockAlerts)
      // A new link goes to this request's origin, and so will the alert's e-mail.
      .set({
        confirmTokenHash: hashConfirmToken(token),
        confirmExpiresAt: new Date(now.getTime() + STOCK_ALERT_CONFIRM_TTL_MS),
        ...(origin ? { origin } : {}),
      })
      .where(eq(stockAlerts.id, alertId));
    const itemName = stockAlertItemName({ name: product.name, variantLabel: variant ? variantLabel(variant) : null });
    const confirmUrl = stockAlertConfirmUrl(mailLinkOrigin(origin), token);
    const mail = stockAlertConfirmMail({ itemName, confirmUrl, days: STOCK_ALERT_CONFIRM_DAYS });
    await enqueueMail(tx, { kind: "stock-alert-confirm", to: input.email, ...mail });
    return true;
  });
  if (queued) notifyMailQueued();
}

/** The absolute link of a confirmation e-mail. */
export function stockAlertConfirmUrl(origin: string, token: string): string {
  return `${origin}${STOCK_ALERT_CONFIRM_PATH}/${encodeURIComponent(token)}`;
}

/** The unconfirmed, unanswered alert a token stands for while its link works. */
function liveConfirmToken(token: string, now: Date) {
  return and(
    eq(stockAlerts.confirmTokenHash, hashConfirmToken(token)),
    gt(stockAlerts.confirmExpiresAt, now),
    isNull(stockAlerts.confirmedAt),
    isNull(stockAlerts.notifiedAt),
  );
}

export interface AlertedItem {
  productId: string;
  name: string;
  variantId: string | null;
  variantLabel: string | null;
}

/** What a confirmation link would confirm (for its page), or null: unknown, malformed, expired, used. Changes nothing. */
export async function pendingStockAlert(db: Queryable, token: unknown, now = new Date()): Promise<AlertedItem | null> {
  if (typeof token !== "string" || !CONFIRM_TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ productId: stockAlerts.productId, variantId: stockAlerts.variantId })
    .from(stockAlerts)
    .where(liveConfirmToken(token, now));
  return row ? alertedItem(db, row.productId, row.variantId) : null;
}

/**
 * Follows a confirmation link: the alert becomes active and the token is spent (a second use finds
 * nothing). When the item came back while the link waited, the back-in-stock e-mail is queued at
 * once. Returns the item, or null for a link that does not work (nothing changed).
 */
export async function confirmStockAlert(
  db: Database,
  token: unknown,
  options: { links?: StockAlertLinks; now?: Date } = {},
): Promise<AlertedItem | null> {
  const now = options.now ?? new Date();
  if (typeof token !== "string" || !CONFIRM_TOKEN_SHAPE.test(token)) return null;
  const result = await db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(stockAlerts)
        .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
        .where(liveConfirmToken(token, now))
        .returning({ id: stockAlerts.id, productId: stockAlerts.productId, variantId: stockAlerts.variantId });
      if (!claimed) return null;
      // The product was taken out of the shop meanwhile: the link no longer works, and nothing changes.
      const item = await alertedItem(tx, claimed.productId, claimed.variantId);
      if (!item) {
        throw new LinkGone();
      }
      return { item, queued: await queueBackInStockMail(tx, [claimed.productId], options.links) };
    })
    .catch((error: unknown) => {
      if (error instanceof LinkGone) return null;
      throw error;
    });
  if (!result) return null;
  if (result.queued > 0) notifyMailQueued();
  return result.item;
}

/** Thrown inside the confirmation's transaction to undo it when the product is gone. */
class LinkGone extends Error {}

/**
 * The origin of the request at hand (a shopper's: recorded on the alert and used for its
 * confirmation link; an admin's or a job's: used only for alerts that recorded none) and what signs
 * the unsubscribe link (by default SESSION_SECRET). Without an origin the e-mails use the alert's,
 * else PUBLIC_URL's, else the shop's configured one (server/mail/link-origin.ts).
 */
export interface StockAlertLinks {
  origin?: string;
  secret?: string;
}

interface NotifiedRow {
  id: string;
  email: string;
  product_id: string;
  variant_id: string | null;
  origin: string | null;
}

/**
 * In the caller's transaction, after the stock of some variants of `productIds` went up: marks
 * notified every confirmed waiting alert (an unconfirmed one is never mailed) whose variant (or, for a product-wide alert, any live variant of the
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
    where a.notified_at is null and a.confirmed_at is not null
      and a.product_id in (${idList})
      and exists (
        select 1 from ${productVariants} v
        where v.product_id = a.product_id and v.archived_at is null and v.stock > 0
          and (a.variant_id is null or v.id = a.variant_id)
      )
    returning a.id, a.email, a.product_id, a.variant_id, a.origin
  `);
  const notified = (result as unknown as { rows: NotifiedRow[] }).rows;
  if (notified.length === 0) return 0;
  const secret = links?.secret ?? getConfig().SESSION_SECRET;

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
    // The request's own origin, kept on the alert: this runs in a restock's transaction, whoever's.
    const origin = mailLinkOrigin(alert.origin, links?.origin);
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
      order by lower(a.email), a.product_id, a.confirmed_at is null, a.created_at
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

/**
 * Deletes the guests' requests that were never confirmed and can no longer be (their link expired,
 * or they predate links: migration 0011's unconfirmed rows, judged by their age), so an address
 * nobody confirmed is not kept (docs/requirements.md#wishlist-and-back-in-stock-alerts); asking again
 * later is a new request. The hourly housekeeping runs it. Returns how many.
 */
export async function deleteUnconfirmedStockAlerts(db: Queryable, now = new Date()): Promise<number> {
  const removed = await db
    .delete(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.notifiedAt),
        sql`coalesce(${stockAlerts.confirmExpiresAt}, ${stockAlerts.createdAt} + make_interval(days => ${STOCK_ALERT_CONFIRM_DAYS})) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: stockAlerts.id });
  return removed.length;
}

/** What the /alertas page names: the product (and variant) asked about; null for an unknown or archived one. */
export async function alertedItem(db: Queryable, productId: unknown, variantId: unknown): Promise<AlertedItem | null> {
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
