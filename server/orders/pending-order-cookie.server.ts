/**
 * The stored pending order (docs/architecture.md#browser-state-in-cookies): order number, id and total,
 * in a signed cookie set when the checkout sends the shopper to pay. The payment
 * return pages read it (a guest may look up only the order it names), clear it on
 * success and pending, and keep it on failure so 'Intentar de nuevo' can retry.
 */
import type { AppConfig } from "#server/config.ts";
import { isId } from "#domain/ids.ts";
import { PENDING_PAYMENT_HOLD_HOURS, isOrderNumber } from "#domain/orders.ts";
import { signedCookie } from "#server/http/cookies.ts";

export interface PendingOrder {
  orderNumber: string;
  id: string;
  /** The order's final total in pesos (2 decimals), as the stored copy has it. */
  total: number;
}

/** As long as an unpaid order can still be paid (a pending cash payment holds it PENDING_PAYMENT_HOLD_HOURS), with a day to spare. */
const MAX_AGE_SECONDS = (PENDING_PAYMENT_HOLD_HOURS + 24) * 3600;

function pendingOrderCookie(config: AppConfig) {
  return signedCookie("pedido", MAX_AGE_SECONDS, config);
}

/** The Set-Cookie that stores the pending order. */
export function storePendingOrder(config: AppConfig, order: PendingOrder): Promise<string> {
  return pendingOrderCookie(config).serialize(JSON.stringify(order));
}

/** The pending order the request's cookie names, or null (missing, tampered with or malformed). */
export async function readPendingOrder(request: Request, config: AppConfig): Promise<PendingOrder | null> {
  const value: unknown = await pendingOrderCookie(config).parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as Partial<PendingOrder>;
    if (
      isOrderNumber(parsed.orderNumber) &&
      typeof parsed.id === "string" &&
      isId(parsed.id) &&
      typeof parsed.total === "number" &&
      Number.isFinite(parsed.total) &&
      parsed.total >= 0
    ) {
      return { orderNumber: parsed.orderNumber as string, id: parsed.id, total: parsed.total };
    }
  } catch {
    /* not JSON: no pending order */
  }
  return null;
}

/** The Set-Cookie that removes the stored pending order. */
export function clearPendingOrder(config: AppConfig): Promise<string> {
  return pendingOrderCookie(config).serialize("", { maxAge: 0 });
}
