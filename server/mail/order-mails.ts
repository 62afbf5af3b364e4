/**
 * The order e-mails (docs/architecture.md#mail, docs/requirements.md#e-mails-sent): 'pedido
 * recibido' when an order is placed, 'pago confirmado' when its payment is approved, and the
 * fulfilment ones the admin's changes cause (shipped, delivered, cancelled, refunded). Pure
 * functions from the order's data to subject, HTML and text, through the shop's
 * one layout; the lines and totals are a table block.
 */
import { addressLine } from "#domain/address.ts";
import { formatMoneyCents, formatPoints } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";
import { carrierName, deliveryEstimate, isShippingMethodId, trackingPageTakesNumber } from "#domain/shipping.ts";
import { SHOP } from "#domain/shop.ts";
import { renderMail, type MailBlock, type RenderedMail } from "./templates";

export interface OrderMailLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface OrderMailAddress {
  street: string;
  colonia?: string | null;
  city: string;
  state: string;
  zipCode: string;
  country?: string | null;
  references?: string | null;
}

export interface OrderMailData {
  orderNumber: string;
  contactName: string;
  lines: OrderMailLine[];
  subtotalCents: number;
  shippingMethod: string;
  shippingCostCents: number;
  couponCode: string | null;
  discountCents: number;
  pointsUsed: number;
  finalTotalCents: number;
  address: OrderMailAddress;
  /** Where the customer sees the order (an absolute http(s) URL). */
  orderUrl: string;
  /** True when nothing was left to pay (coupon and points covered the order). */
  isPaid: boolean;
  /** Until when an unpaid order holds its products (decision record 015); told in 'pedido recibido'. */
  holdUntil?: Date | null;
}

function greeting(name: string): string {
  const first = name.trim();
  return first ? `Hola ${first}` : "Hola";
}

/** The order's lines and totals as one table (product, quantity, line total; then the summary). */
export function orderTable(order: Omit<OrderMailData, "address" | "orderUrl" | "isPaid" | "contactName" | "orderNumber">): MailBlock {
  const foot: string[][] = [
    ["Subtotal", "", formatMoneyCents(order.subtotalCents)],
    [
      `Envío (${carrierName(order.shippingMethod)})`,
      "",
      order.shippingCostCents === 0 ? "Gratis" : formatMoneyCents(order.shippingCostCents),
    ],
  ];
  if (order.discountCents > 0) {
    foot.push([order.couponCode ? `Cupón ${order.couponCode}` : "Descuento", "", `-${formatMoneyCents(order.discountCents)}`]);
  }
  if (order.pointsUsed > 0)
    foot.push([`Puntos usados (${formatPoints(order.pointsUsed)})`, "", `-${formatMoneyCents(order.pointsUsed * 100)}`]);
  foot.push(["Total", "", formatMoneyCents(order.finalTotalCents)]);
  return {
    kind: "table",
    head: ["Producto", "Cant.", "Importe"],
    rows: order.lines.map((l) => [l.name, String(l.quantity), formatMoneyCents(l.unitPriceCents * l.quantity)]),
    foot,
    align: ["left", "right", "right"],
  };
}

/** Until when an unpaid order's products are held, and what happens then (decision record 015). */
function holdNotes(holdUntil: Date): MailBlock[] {
  return [
    {
      kind: "paragraph",
      text: `Apartamos tus productos hasta el ${formatDateTime(holdUntil)} (hora del centro de México). Si para entonces no recibimos tu pago, el pedido se cancela y los productos vuelven a la venta.`,
    },
    {
      kind: "note",
      text: "Si pagas en efectivo (OXXO) o por transferencia (SPEI), el pedido queda apartado hasta la fecha límite de tu ficha de pago.",
    },
  ];
}

/** 'Recibimos tu pedido CV-XXXXXX': number, lines, totals, address, shipping estimate, a link to the order. */
export function orderReceivedMail(order: OrderMailData): RenderedMail {
  const blocks: MailBlock[] = [
    {
      kind: "paragraph",
      text: order.isPaid
        ? `${greeting(order.contactName)}, recibimos tu pedido ${order.orderNumber}. Tu cupón y tus puntos cubrieron el total, así que no hay nada que pagar: ya lo estamos preparando.`
        : `${greeting(order.contactName)}, recibimos tu pedido ${order.orderNumber}. En cuanto se confirme tu pago te avisaremos por este medio y empezaremos a prepararlo.`,
    },
    orderTable(order),
    { kind: "paragraph", text: `Envío a: ${addressLine(order.address)}` },
  ];
  if (order.address.references) blocks.push({ kind: "note", text: `Referencias: ${order.address.references}` });
  if (isShippingMethodId(order.shippingMethod)) {
    blocks.push({
      kind: "note",
      text: `${carrierName(order.shippingMethod)}: entrega estimada en ${deliveryEstimate(order.shippingMethod)} después de confirmar el pago. Te enviaremos el número de rastreo cuando lo enviemos.`,
    });
  }
  blocks.push({ kind: "button", label: "Ver mi pedido", url: order.orderUrl });
  if (!order.isPaid && order.holdUntil) blocks.push(...holdNotes(order.holdUntil));
  if (!order.isPaid) {
    blocks.push({ kind: "note", text: "Si pagaste en efectivo o por transferencia, la confirmación puede tardar hasta 48 horas hábiles." });
  }
  return renderMail({
    subject: `Recibimos tu pedido ${order.orderNumber} - ${SHOP.name}`,
    preheader: `Pedido ${order.orderNumber} por ${formatMoneyCents(order.finalTotalCents)}.`,
    heading: "¡Gracias por tu pedido!",
    blocks,
  });
}

export interface PaymentApprovedMailData extends OrderMailData {
  /** The provider's payment id, when there is one. */
  paymentId: string | null;
  /** Which payment ('123 (tarjeta de crédito)'), shown instead of the bare id: the buyer may have paid twice. */
  paymentLabel?: string | null;
  /** Points the order earned for a customer (0 for a guest). */
  pointsEarned: number;
}

/** 'Pago confirmado de tu pedido CV-XXXXXX': what was paid, the lines, and what happens next. */
export function paymentApprovedMail(order: PaymentApprovedMailData): RenderedMail {
  const blocks: MailBlock[] = [
    {
      kind: "paragraph",
      text: `${greeting(order.contactName)}, confirmamos el pago de tu pedido ${order.orderNumber} por ${formatMoneyCents(order.finalTotalCents)}. Ya lo estamos preparando; en 1 a 3 días hábiles sale a paquetería.`,
    },
    orderTable(order),
    { kind: "paragraph", text: `Envío a: ${addressLine(order.address)}` },
  ];
  const paid = order.paymentLabel ?? order.paymentId;
  if (paid) blocks.push({ kind: "note", text: `Número de pago: ${paid}` });
  if (order.pointsEarned > 0) {
    blocks.push({
      kind: "note",
      text: `Ganaste ${formatPoints(order.pointsEarned)} puntos con esta compra (1 punto = $1 MXN en tu próxima compra).`,
    });
  }
  blocks.push({ kind: "button", label: "Ver mi pedido", url: order.orderUrl });
  blocks.push({ kind: "note", text: "Te enviaremos otro correo con el número de rastreo cuando tu pedido salga." });
  return renderMail({
    subject: `Pago confirmado de tu pedido ${order.orderNumber} - ${SHOP.name}`,
    preheader: `Recibimos tu pago de ${formatMoneyCents(order.finalTotalCents)}.`,
    heading: "¡Pago confirmado!",
    blocks,
  });
}

export interface OrderShippedMailData extends OrderMailData {
  carrierName: string;
  trackingNumber: string;
  /** The carrier's tracking page (`trackingUrl` of domain/shipping.ts); null when there is none. */
  trackingUrl: string | null;
}

/** 'Tu pedido CV-XXXXXX va en camino': carrier, tracking number, the carrier's page, the order. */
export function orderShippedMail(order: OrderShippedMailData): RenderedMail {
  const blocks: MailBlock[] = [
    {
      kind: "paragraph",
      text: `${greeting(order.contactName)}, tu pedido ${order.orderNumber} ya va en camino con ${order.carrierName}.`,
    },
    {
      kind: "table",
      rows: [
        ["Paquetería", order.carrierName],
        ["Número de rastreo", order.trackingNumber],
      ],
    },
  ];
  if (order.trackingUrl) {
    blocks.push({ kind: "button", label: `Rastrear en ${order.carrierName}`, url: order.trackingUrl });
    if (!trackingPageTakesNumber(order.shippingMethod)) {
      blocks.push({ kind: "note", text: `En la página de ${order.carrierName} escribe tu número de rastreo: ${order.trackingNumber}.` });
    }
  } else {
    blocks.push({ kind: "note", text: `Consulta tu envío en la página de ${order.carrierName} con tu número de rastreo.` });
  }
  if (isShippingMethodId(order.shippingMethod)) {
    blocks.push({
      kind: "note",
      text: `Entrega estimada: ${deliveryEstimate(order.shippingMethod)}. El rastreo puede tardar hasta 24 horas en mostrar movimientos.`,
    });
  }
  blocks.push({ kind: "paragraph", text: `Envío a: ${addressLine(order.address)}` });
  blocks.push({ kind: "button", label: "Ver mi pedido", url: order.orderUrl });
  return renderMail({
    subject: `Tu pedido ${order.orderNumber} va en camino - ${SHOP.name}`,
    preheader: `${order.carrierName}, número de rastreo ${order.trackingNumber}.`,
    heading: "¡Tu pedido va en camino!",
    blocks,
  });
}

/** 'Tu pedido CV-XXXXXX fue entregado': thanks the buyer, links to the order. */
export function orderDeliveredMail(order: OrderMailData): RenderedMail {
  return renderMail({
    subject: `Tu pedido ${order.orderNumber} fue entregado - ${SHOP.name}`,
    preheader: `Tu pedido ${order.orderNumber} llegó a su destino.`,
    heading: "¡Tu pedido fue entregado!",
    blocks: [
      {
        kind: "paragraph",
        text: `${greeting(order.contactName)}, tu pedido ${order.orderNumber} fue entregado. ¡Gracias por comprar en ${SHOP.name}! Esperamos que disfrutes tus cartas.`,
      },
      orderTable(order),
      { kind: "button", label: "Ver mi pedido", url: order.orderUrl },
      {
        kind: "note",
        text: `Si algo no llegó como esperabas, escríbenos a ${SHOP.email} con tu número de pedido y lo resolvemos.`,
      },
    ],
  });
}

/** When refunded money shows up: by the provider to the card or account, or by the shop by the same means. */
function refundTiming(manualRefund: boolean): string {
  return manualRefund
    ? "Te lo devolvemos por el mismo medio con el que pagaste (transferencia o efectivo); te contactaremos si necesitamos algún dato."
    : "Verás el reembolso en tu tarjeta o cuenta de Mercado Pago en un plazo de entre 5 y 10 días hábiles, según tu banco.";
}

export interface OrderCancelledMailData extends OrderMailData {
  /** Why the shop cancelled it (typed by the admin). */
  reason: string;
  /** The amount given back, or null when nothing was paid. */
  refundedCents: number | null;
  /** Which payment was given back ('123 (tarjeta de crédito)'), when one was. */
  refundedPayment?: string | null;
  /** True when the refund is made by the shop itself (the order was paid outside the provider). */
  manualRefund: boolean;
}

/** 'Tu pedido CV-XXXXXX fue cancelado': the reason and, when money goes back, how much and when. */
export function orderCancelledMail(order: OrderCancelledMailData): RenderedMail {
  const blocks: MailBlock[] = [
    { kind: "paragraph", text: `${greeting(order.contactName)}, cancelamos tu pedido ${order.orderNumber}.` },
    { kind: "paragraph", text: `Motivo: ${order.reason}` },
  ];
  if (order.refundedCents !== null) {
    blocks.push({ kind: "paragraph", text: `Reembolsamos ${formatMoneyCents(order.refundedCents)} de tu pago.` });
    if (order.refundedPayment) blocks.push({ kind: "note", text: `Número de pago reembolsado: ${order.refundedPayment}` });
    blocks.push({ kind: "note", text: refundTiming(order.manualRefund) });
  }
  blocks.push(orderTable(order));
  blocks.push({ kind: "button", label: "Ver mi pedido", url: order.orderUrl });
  blocks.push({
    kind: "note",
    text: `Sentimos las molestias. Si tienes dudas, escríbenos a ${SHOP.email} con tu número de pedido.`,
  });
  return renderMail({
    subject: `Tu pedido ${order.orderNumber} fue cancelado - ${SHOP.name}`,
    preheader:
      order.refundedCents !== null
        ? `Pedido ${order.orderNumber} cancelado; reembolso de ${formatMoneyCents(order.refundedCents)}.`
        : `Pedido ${order.orderNumber} cancelado.`,
    heading: "Tu pedido fue cancelado",
    blocks,
  });
}

export interface OrderRefundedMailData extends OrderMailData {
  refundedCents: number;
  /** Which payment was given back ('123 (tarjeta de crédito)'). */
  refundedPayment?: string | null;
  manualRefund: boolean;
}

/** 'Reembolso de tu pedido CV-XXXXXX': the amount given back and when to expect it. */
export function orderRefundedMail(order: OrderRefundedMailData): RenderedMail {
  return renderMail({
    subject: `Reembolso de tu pedido ${order.orderNumber} - ${SHOP.name}`,
    preheader: `Reembolsamos ${formatMoneyCents(order.refundedCents)} de tu pedido ${order.orderNumber}.`,
    heading: "Te reembolsamos tu pago",
    blocks: [
      {
        kind: "paragraph",
        text: `${greeting(order.contactName)}, reembolsamos ${formatMoneyCents(order.refundedCents)} de tu pago del pedido ${order.orderNumber}.`,
      },
      ...(order.refundedPayment ? [{ kind: "note" as const, text: `Número de pago reembolsado: ${order.refundedPayment}` }] : []),
      { kind: "note", text: refundTiming(order.manualRefund) },
      { kind: "button", label: "Ver mi pedido", url: order.orderUrl },
      { kind: "note", text: `Si tienes dudas, escríbenos a ${SHOP.email} con tu número de pedido.` },
    ],
  });
}
