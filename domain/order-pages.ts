/**
 * The texts of the payment return pages, /confirmacion and 'Mis Pedidos'
 * (SPEC §2 Order confirmation, My orders, Payment result pages; §8 Payment
 * pages). Where the spec gives the words they are copied exactly. Browser-safe.
 */
import { SHIPPING_METHODS, isShippingMethodId } from "./shipping";
import { NO_CHARGE_PAYMENT_METHOD, type CancelledBy } from "./orders";

export const ORDER_PAGE_MESSAGES = {
  /** SPEC §2, §8: no order known to the page. */
  notFound: "No se encontró información de la orden",
  /** SPEC §8: the order could not be read (the stored copy is shown when there is one). */
  loadFailed: "Error al cargar la información de tu pedido",
} as const;

/** SPEC §2 Payment result pages, Failure: the possible reasons. */
export const PAYMENT_FAILURE_REASONS = [
  "Fondos insuficientes",
  "Datos de la tarjeta incorrectos",
  "Tarjeta rechazada por el banco emisor",
  "Límite de compra excedido",
] as const;

/** SPEC §2 Payment result pages, Pending: the methods that take longer to confirm. */
export const SLOW_PAYMENT_METHODS = ["Transferencia bancaria", "Pago en efectivo en tiendas (OXXO)", "Depósito bancario"] as const;

/** 'Estafeta' for "estafeta"; an unknown value as it is stored. */
export function shippingMethodName(method: string): string {
  return isShippingMethodId(method) ? SHIPPING_METHODS[method].name : method;
}

/** How the order is paid (SPEC §3: the default shown is the card/wallet provider). */
export function paymentMethodName(method: string): string {
  if (method === NO_CHARGE_PAYMENT_METHOD) return "Sin cargo (cubierto con cupón o puntos)";
  return "Mercado Pago";
}

const CANCELLED_BY_LABELS: Record<CancelledBy, string> = { sistema: "Sistema", admin: "Administrador", cliente: "Cliente" };

export function cancelledByName(who: string): string {
  return CANCELLED_BY_LABELS[who as CancelledBy] ?? who;
}

/** "1 artículo", "3 artículos". */
export function itemCountText(count: number): string {
  return count === 1 ? "1 artículo" : `${count} artículos`;
}
