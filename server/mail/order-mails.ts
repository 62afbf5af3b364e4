/**
 * The order e-mails (docs/architecture.md#mail): 'pedido recibido' when an
 * order is placed and 'pago confirmado' when its payment is approved. Pure
 * functions from the order's data to subject, HTML and text, through the shop's
 * one layout; the lines and totals are a table block.
 */
import { addressLine } from "#domain/address.ts";
import { formatDateTime, formatMoneyCents, formatPoints } from "#domain/format.ts";
import { SHIPPING_METHODS, deliveryEstimate, isShippingMethodId } from "#domain/shipping.ts";
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

function methodName(method: string): string {
  return isShippingMethodId(method) ? SHIPPING_METHODS[method].name : method;
}

/** The order's lines and totals as one table (product, quantity, line total; then the summary). */
export function orderTable(order: Omit<OrderMailData, "address" | "orderUrl" | "isPaid" | "contactName" | "orderNumber">): MailBlock {
  const foot: string[][] = [
    ["Subtotal", "", formatMoneyCents(order.subtotalCents)],
    [
      `Envío (${methodName(order.shippingMethod)})`,
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
      text: `${methodName(order.shippingMethod)}: entrega estimada en ${deliveryEstimate(order.shippingMethod)} después de confirmar el pago. Te enviaremos el número de rastreo cuando lo enviemos.`,
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
  if (order.paymentId) blocks.push({ kind: "note", text: `Número de pago: ${order.paymentId}` });
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
