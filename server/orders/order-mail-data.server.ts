/**
 * An order's e-mail data read back from the database, for the mails sent after
 * the order was placed (the 'pago confirmado' of applyPayment). Its link goes to
 * the origin the checkout reached the shop at (`orders.origin`), else to
 * `publicUrl` (the request at hand, or PUBLIC_URL), else to the configured one.
 */
import { asc, eq } from "drizzle-orm";
import { itemTitle } from "#domain/variant-names.ts";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders, users } from "#server/db/schema.ts";
import type { OrderMailAddress, OrderMailData } from "#server/mail/order-mails.ts";
import { mailLinkOrigin } from "#server/mail/link-origin.ts";
import { orderLink } from "./order-links";

type OrderRow = typeof orders.$inferSelect;

export async function storedOrderMailData(
  db: Queryable,
  order: OrderRow,
  options: { publicUrl?: string; isPaid: boolean },
): Promise<OrderMailData> {
  const rows = await db
    .select({
      name: orderItems.name,
      condition: orderItems.condition,
      language: orderItems.language,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.name));
  const lines = rows.map((l) => ({ name: itemTitle(l.name, l), quantity: l.quantity, unitPriceCents: l.unitPriceCents }));
  return {
    orderNumber: order.orderNumber,
    contactName: order.contactName,
    lines,
    subtotalCents: order.subtotalCents,
    shippingMethod: order.shippingMethod,
    shippingCostCents: order.shippingCostCents,
    couponCode: order.couponCode,
    discountCents: order.discountCents,
    pointsUsed: order.pointsUsed,
    finalTotalCents: order.finalTotalCents,
    address: order.shippingAddress as OrderMailAddress,
    orderUrl: orderLink(mailLinkOrigin(order.origin, options.publicUrl), order),
    isPaid: options.isPaid,
  };
}

/** Where an order's e-mails go: the contact e-mail typed at checkout (kept for every order), else the account's. */
export async function orderMailRecipient(db: Queryable, order: Pick<OrderRow, "guestEmail" | "userId">): Promise<string | null> {
  if (order.guestEmail) return order.guestEmail;
  if (!order.userId) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  return user?.email ?? null;
}
