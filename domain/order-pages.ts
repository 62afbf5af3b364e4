/**
 * The texts of the payment return pages, /confirmacion and 'Mis Pedidos'
 * (docs/requirements.md#payments, docs/requirements.md#orders-and-statuses). Browser-safe.
 */
import { SHIPPING_METHODS, isShippingMethodId } from "./shipping";
import { AUTH_MESSAGES } from "./messages";
import { NO_CHARGE_PAYMENT_METHOD, type CancelledBy } from "./orders";
import { MANUAL_PAYMENT_METHODS, isManualPaymentMethod } from "./payments";
import { formatPoints } from "./format";

export const ORDER_PAGE_MESSAGES = {
  /** No order known to the page. */
  notFound: "No se encontró información de la orden",
  /** The order could not be read (the stored copy is shown when there is one). */
  loadFailed: "Error al cargar la información de tu pedido",
} as const;

/** The failure return page's possible reasons. */
export const PAYMENT_FAILURE_REASONS = [
  "Fondos insuficientes",
  "Datos de la tarjeta incorrectos",
  "Tarjeta rechazada por el banco emisor",
  "Límite de compra excedido",
] as const;

/** The pending return page's methods that take longer to confirm. */
export const SLOW_PAYMENT_METHODS = ["Transferencia bancaria", "Pago en efectivo en tiendas (OXXO)", "Depósito bancario"] as const;

/** 'Estafeta' for "estafeta"; an unknown value as it is stored. */
export function shippingMethodName(method: string): string {
  return isShippingMethodId(method) ? SHIPPING_METHODS[method].name : method;
}

/** How the order is paid (the default shown is the card/wallet provider). */
export function paymentMethodName(method: string): string {
  if (method === NO_CHARGE_PAYMENT_METHOD) return "Sin cargo (cubierto con cupón o puntos)";
  if (isManualPaymentMethod(method)) return MANUAL_PAYMENT_METHODS[method];
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

/**
 * Where an order stands with its payment, as the return pages and /confirmacion
 * show it (from the database, never from the return's query):
 * - `paid`: the payment was approved (or nothing was left to pay);
 * - `verifying`: the provider reported a payment still to be confirmed (cash at OXXO, a transfer);
 * - `unpaid`: no payment was made yet (the order awaits one);
 * - `rejected`: the last payment was refused (the order can be paid again);
 * - `cancelled`, `refunded`: closed, nothing to pay.
 */
export type OrderPaymentState = "paid" | "verifying" | "unpaid" | "rejected" | "cancelled" | "refunded";

export function orderPaymentState(order: { orderStatus: string; paymentStatus: string; paymentId: string | null }): OrderPaymentState {
  if (order.paymentStatus === "refunded") return "refunded";
  if (order.orderStatus === "cancelled") return "cancelled";
  if (order.paymentStatus === "approved") return "paid";
  if (order.paymentStatus === "rejected") return "rejected";
  return order.paymentId ? "verifying" : "unpaid";
}

/** The browser's stored pending order is done with once its order is paid or has a payment on its way. */
export function pendingOrderSettled(state: OrderPaymentState): boolean {
  return state === "paid" || state === "verifying";
}

/** The texts of an order that awaits its payment, or is closed. */
export const ORDER_STATE_MESSAGES = {
  awaitingTitle: "Tu pedido está pendiente de pago",
  awaitingLead: (orderNumber: string) => `Tu pedido ${orderNumber} está registrado, pero aún no recibimos su pago.`,
  rejectedLead: (orderNumber: string) => `El último intento de pago de tu pedido ${orderNumber} no se procesó. Puedes intentarlo de nuevo.`,
  awaitingNote: "Apartamos tus productos por tiempo limitado: si no se paga a tiempo, el pedido se cancela.",
  payNow: "Pagar Ahora",
  closedTitle: "Este pedido ya no se puede pagar",
  refundedLead: (orderNumber: string) => `El pago del pedido ${orderNumber} fue reembolsado.`,
  unknownTitle: "No pudimos confirmar el estado de tu pedido",
} as const;

/** The intent of 'Consulta tu pedido's lookup form (its other form is 'Pagar Ahora', intent "pay"). */
export const ORDER_LOOKUP_INTENT = "lookup";

/** 'Consulta tu pedido's address for one order: what the lookup redirects to and 'Pagar Ahora' posts to. */
export function orderLookupPath(orderNumber: string, key: string): string {
  return `/consulta-pedido?${new URLSearchParams({ pedido: orderNumber, clave: key })}`;
}

/** 'Consulta tu pedido' (/consulta-pedido): a guest finds an order by its number and contact e-mail. */
export const ORDER_LOOKUP_MESSAGES = {
  title: "Consulta tu pedido",
  intro:
    "Escribe el número de tu pedido y el correo electrónico con el que lo hiciste para ver su estado, su envío y su número de rastreo.",
  numberLabel: "Número de pedido",
  numberHint: "Viene en el correo de tu pedido, por ejemplo CV-7K3Q9M.",
  emailLabel: "Correo electrónico del pedido",
  submit: "Consultar pedido",
  busy: "Consultando...",
  numberRequired: "Ingresa el número de tu pedido",
  emailRequired: AUTH_MESSAGES.emailRequired,
  /** The same answer for an unknown number, a malformed one and the wrong e-mail. */
  notFound: "No encontramos un pedido con ese número y correo. Revisa los datos e intenta de nuevo.",
  another: "Consultar otro pedido",
  /** A customer's order found by its e-mail: paying it is done signed in, from 'Mis Pedidos'. */
  signInToPay: "Para pagar este pedido, inicia sesión con tu cuenta y entra a Mis Pedidos.",
  signIn: "Iniciar sesión",
} as const;

/** The carrier's tracking link as 'Mis Pedidos' and 'Consulta tu pedido' show it. */
export const TRACKING_LINK_TEXTS = {
  /** The link's text: "Rastrear en DHL Express". */
  label: (carrier: string) => `Rastrear en ${carrier}`,
  /** Read to screen readers after the label: the link leaves the shop in a new tab. */
  newTab: "(se abre en una pestaña nueva)",
  /** Where the carrier's page cannot take the number. */
  typeNumber: "Escribe tu número de rastreo en la página de la paquetería.",
  /** The copy button beside a number the carrier's page cannot take. */
  copy: "Copiar número de rastreo",
  copied: "Número copiado",
  notYet: "Aún no disponible",
  /** The summary line of a shipped order: "Enviado por DHL Express · Número de rastreo: ". */
  shippedBy: (carrier: string) => `Enviado por ${carrier} · Número de rastreo: `,
  /** The summary line of a cancelled order: "Cancelado el 26 de noviembre de 2026 a las 2:35 p.m. · Motivo: …". */
  cancelledOn: (when: string | null, reason: string | null) =>
    `${when ? `Cancelado el ${when}` : "Cancelado"}${reason ? ` · Motivo: ${reason}` : ""}`,
} as const;

/**
 * The points an order earns, as the order pages show them (docs/requirements.md#loyalty-points):
 * 'Puntos ganados 17' once paid; '17, retirados' when the payment was refunded (a cancelled paid
 * order: the points were taken back); 'Puntos a ganar 17' while it waits for its payment; nothing
 * for an order that earns none or was cancelled before it was paid (it never will).
 */
export function earnedPointsLine(order: {
  orderStatus: string;
  paymentStatus: string;
  points: number;
}): { label: string; value: string } | null {
  if (order.points <= 0) return null;
  const points = formatPoints(order.points);
  if (order.paymentStatus === "refunded") return { label: "Puntos ganados", value: `${points}, retirados` };
  if (order.paymentStatus === "approved") return { label: "Puntos ganados", value: points };
  if (order.orderStatus === "cancelled") return null;
  return { label: "Puntos a ganar", value: points };
}

/** What the return pages and /confirmacion show of the order itself (its lines, address, e-mail, own link). */
export const ORDER_RECAP_MESSAGES = {
  linesTitle: "Tu pedido",
  addressTitle: "Dirección de envío",
  /** "Enviamos el correo de tu pedido a ana@correo.mx." */
  mailSentTo: "Enviamos el correo de tu pedido a",
  /** A guest's order: the keyed link opens it later, on any device, without an account. */
  guestLinkIntro: "Guarda este enlace: con él consultas tu pedido, su envío y su rastreo en cualquier dispositivo, sin iniciar sesión.",
  guestLink: (orderNumber: string) => `Consultar mi pedido ${orderNumber}`,
  /** The page's button to the order's own page: a guest's keyed link, a customer's 'Mis Pedidos'. */
  viewGuestOrder: "Ver mi pedido",
  viewCustomerOrders: "Ver mis pedidos",
  /** No own link is known (the stored copy only): the lookup by number and e-mail. */
  lookUpOrder: "Consulta tu pedido",
} as const;
