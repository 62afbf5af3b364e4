/**
 * The 'pago confirmado' e-mail (issue 9 point 7), sent through the outbox when
 * applyPayment approves an order. A short template kept here for now; it moves
 * beside the order e-mails (server/mail/order-mails.ts) when the parts merge.
 */
import { formatMoneyCents } from "#domain/format.ts";
import { renderMail, type RenderedMail } from "#server/mail/templates.ts";

export function paymentApprovedMail(input: { name: string; orderNumber: string; totalCents: number }): RenderedMail {
  const name = input.name.trim();
  const total = formatMoneyCents(input.totalCents);
  return renderMail({
    subject: `Pago confirmado - Pedido ${input.orderNumber}`,
    preheader: `Recibimos tu pago de ${total}. Ya estamos preparando tu pedido.`,
    heading: "¡Pago confirmado!",
    blocks: [
      { kind: "paragraph", text: `${name ? `Hola ${name}` : "Hola"}, recibimos el pago de tu pedido ${input.orderNumber}.` },
      { kind: "paragraph", text: `Total pagado: ${total}` },
      {
        kind: "paragraph",
        text: "Ya estamos preparando tu pedido (de 1 a 3 días hábiles). Te escribiremos con el número de guía en cuanto lo enviemos.",
      },
      { kind: "note", text: "Guarda este correo como comprobante de tu compra." },
    ],
  });
}
