/**
 * 'Consulta tu pedido' (docs/requirements.md#orders-and-statuses): anyone who knows an order's
 * number and the contact e-mail it was placed with gets the order's link key, and the key opens the
 * order's page at /consulta-pedido. The same proof whoever placed it (a guest or a customer): the
 * contact e-mail the order keeps, compared trimmed and case-insensitively. A wrong pair, an unknown
 * number and a malformed one are told apart by nobody: each is null.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ORDER_LOOKUP_MESSAGES } from "#domain/order-pages.ts";
import { mayNameOrder } from "#domain/orders.ts";
import type { Queryable } from "#server/db/client.ts";
import { orders, users } from "#server/db/schema.ts";
import { readOrderView, type OrderView } from "./order-views.server";
import { linkKeyOpens, orderLinkKey } from "./order-links";

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The lookup form: the order number (upper-cased, so 'cv-7k3q9m' typed from a phone finds it) and
 * the e-mail. Only emptiness is a field's error; anything else malformed is answered as an unknown
 * order by the service, so the form never says which half was wrong.
 */
export const orderLookupSchema = z.object({
  pedido: z.preprocess((v) => trimmed(v).toUpperCase(), z.string().min(1, ORDER_LOOKUP_MESSAGES.numberRequired)),
  email: z.preprocess((v) => trimmed(v).toLowerCase(), z.string().min(1, ORDER_LOOKUP_MESSAGES.emailRequired)),
});
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;

/** The order's link key when the pair names it, else null (unknown, malformed, or the wrong e-mail). */
export async function lookUpOrderKey(db: Queryable, input: OrderLookupInput): Promise<string | null> {
  if (!mayNameOrder(input.pedido) || input.email.length > 254) return null;
  const [row] = await db
    .select({ guestEmail: orders.guestEmail, userEmail: users.email, checkoutToken: orders.checkoutToken })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNumber, input.pedido))
    .limit(1);
  if (!row) return null;
  const contact = (row.guestEmail ?? row.userEmail ?? "").trim().toLowerCase();
  if (!contact || contact !== input.email.trim().toLowerCase()) return null;
  return orderLinkKey(row.checkoutToken);
}

/**
 * The order a lookup link opens (`?pedido=…&clave=…`), a guest's or a customer's; null for a
 * malformed number, an unknown order or a key that does not open it.
 */
export async function orderForLinkKey(db: Queryable, orderNumber: string | null, key: string | null): Promise<OrderView | null> {
  if (!orderNumber || !key) return null;
  return readOrderView(db, { orderNumber }, (order) => linkKeyOpens(order.checkoutToken, key));
}
