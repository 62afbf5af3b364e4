import { describe, expect, it } from "vitest";
import { trackingUrl } from "#domain/shipping.ts";
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderReceivedMail,
  orderRefundedMail,
  orderShippedMail,
  paymentApprovedMail,
  type OrderMailData,
} from "./order-mails";
import { renderMail } from "./templates";

const order: OrderMailData = {
  orderNumber: "CV-7K3Q9M",
  contactName: "Ana López",
  lines: [
    { name: "Pikachu ex", quantity: 2, unitPriceCents: 60_000 },
    { name: "Mew <script>", quantity: 1, unitPriceCents: 25_050 },
  ],
  subtotalCents: 145_050,
  shippingMethod: "estafeta",
  shippingCostCents: 15_000,
  couponCode: "VERANO10",
  discountCents: 16_000,
  pointsUsed: 50,
  finalTotalCents: 139_050,
  address: { street: "Av. Juárez 10", colonia: "Centro", city: "Puebla", state: "Puebla", zipCode: "72000", references: "Portón azul" },
  orderUrl: "https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M",
  isPaid: false,
};

describe("the table mail block", () => {
  const mail = renderMail({
    subject: "s",
    preheader: "p",
    heading: "h",
    blocks: [
      {
        kind: "table",
        head: ["Producto", "Importe"],
        rows: [
          ["Carta", "$1.00"],
          ["Otra carta larga", "$10.00"],
        ],
        foot: [["Total", "$11.00"]],
        align: ["left", "right"],
      },
    ],
  });

  it("renders a real HTML table with a head, body and the total in bold", () => {
    expect(mail.html).toContain('<thead><tr><th align="left"');
    expect(mail.html).toMatch(/<tfoot><tr><td align="left"[^>]*font-weight:bold[^>]*>Total<\/td>/);
  });

  it("lines up the plain-text columns, right-aligning where asked", () => {
    expect(mail.text).toContain(
      [
        "Producto          Importe",
        "-------------------------",
        "Carta               $1.00",
        "Otra carta larga   $10.00",
        "-------------------------",
        "Total              $11.00",
      ].join("\n"),
    );
  });
});

describe("order received e-mail", () => {
  const mail = orderReceivedMail(order);

  it("names the order in the subject and greets the customer", () => {
    expect(mail.subject).toBe("Recibimos tu pedido CV-7K3Q9M - Cartas del Valle");
    expect(mail.text).toContain("Hola Ana López, recibimos tu pedido CV-7K3Q9M.");
  });

  it("lists the lines and every total, the address and the link, in HTML and text", () => {
    for (const part of [mail.text, mail.html]) {
      for (const piece of [
        "Pikachu ex",
        "$1,200.00 MXN",
        "$250.50 MXN",
        "Subtotal",
        "$1,450.50 MXN",
        "Envío (Estafeta)",
        "$150.00 MXN",
        "Cupón VERANO10",
        "-$160.00 MXN",
        "Puntos usados (50)",
        "-$50.00 MXN",
        "$1,390.50 MXN",
        "Av. Juárez 10, Col. Centro, C.P. 72000, Puebla, Puebla, México",
        "Portón azul",
        "https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M",
      ]) {
        expect(part).toContain(piece);
      }
    }
  });

  it("escapes product names in HTML", () => {
    expect(mail.html).toContain("Mew &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("says there is nothing to pay for an order covered by coupon and points, and free shipping reads 'Gratis'", () => {
    const free = orderReceivedMail({ ...order, isPaid: true, shippingCostCents: 0, finalTotalCents: 0 });
    expect(free.text).toContain("no hay nada que pagar");
    expect(free.text).toMatch(/Envío \(Estafeta\)\s+Gratis/);
  });
});

describe("payment approved e-mail", () => {
  it("confirms the amount, the payment id and the points earned", () => {
    const mail = paymentApprovedMail({ ...order, paymentId: "1234567890", pointsEarned: 14 });
    expect(mail.subject).toBe("Pago confirmado de tu pedido CV-7K3Q9M - Cartas del Valle");
    expect(mail.text).toContain("confirmamos el pago de tu pedido CV-7K3Q9M por $1,390.50 MXN");
    expect(mail.text).toContain("Número de pago: 1234567890");
    expect(mail.text).toContain("Ganaste 14 puntos");
  });
});

describe("'pedido recibido' of an unpaid order (decision record 015)", () => {
  it("says until when its products are held, in Mexico City time, and what happens after", () => {
    const mail = orderReceivedMail({ ...order, holdUntil: new Date("2026-11-26T20:35:00Z") });
    expect(mail.text).toContain(
      "Apartamos tus productos hasta el 26 de noviembre de 2026 a las 02:35 p.m. (hora del centro de México). Si para entonces no recibimos tu pago, el pedido se cancela y los productos vuelven a la venta.",
    );
    expect(mail.text).toContain(
      "Si pagas en efectivo (OXXO) o por transferencia (SPEI), el pedido queda apartado hasta la fecha límite de tu ficha de pago.",
    );
  });

  it("says nothing of a hold for an order with nothing to pay", () => {
    const mail = orderReceivedMail({ ...order, isPaid: true, holdUntil: new Date("2026-11-26T20:35:00Z") });
    expect(mail.text).not.toContain("Apartamos");
  });
});

/** Every part of a mail, to assert a text appears in the HTML and the plain text alike. */
function both(mail: { html: string; text: string }): string[] {
  return [mail.html, mail.text];
}

describe("order shipped e-mail", () => {
  const dhl = { ...order, shippingMethod: "dhl", carrierName: "DHL Express", trackingNumber: "1234567890" };

  it("names the carrier and the tracking number, with a button to the carrier's page and one to the order", () => {
    const mail = orderShippedMail({ ...dhl, trackingUrl: trackingUrl("dhl", "1234567890") });
    expect(mail.subject).toBe("Tu pedido CV-7K3Q9M va en camino - Cartas del Valle");
    expect(mail.text).toContain("Hola Ana López, tu pedido CV-7K3Q9M ya va en camino con DHL Express.");
    for (const part of both(mail)) {
      expect(part).toContain("DHL Express");
      expect(part).toContain("1234567890");
      expect(part).toContain("Rastrear en DHL Express");
      expect(part).toContain("https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M");
    }
    expect(mail.html).toContain('href="https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&amp;submit=1"');
    expect(mail.text).toContain("https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&submit=1");
    expect(mail.text).not.toContain("escribe tu número de rastreo");
  });

  it("links Estafeta's tracking of the shipment itself, with nothing to type", () => {
    const mail = orderShippedMail({
      ...order,
      carrierName: "Estafeta",
      trackingNumber: "1234567890",
      trackingUrl: trackingUrl("estafeta", "1234567890"),
    });
    expect(mail.text).toContain("https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=1234567890&wayBillType=1&isShipmentDetail=False");
    expect(mail.html).toContain(
      'href="https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=1234567890&amp;wayBillType=1&amp;isShipmentDetail=False"',
    );
    expect(mail.text).not.toContain("escribe tu número de rastreo");
  });

  it("without a carrier page still gives the number and the order's link", () => {
    const mail = orderShippedMail({ ...dhl, shippingMethod: "otro", carrierName: "Otra", trackingUrl: null });
    expect(mail.text).toContain("Número de rastreo  1234567890");
    expect(mail.text).toContain("Ver mi pedido:\nhttps://tienda.example/mis-pedidos?pedido=CV-7K3Q9M");
    expect(mail.text).not.toContain("Rastrear en");
  });

  it("escapes the carrier's name and the number in HTML", () => {
    const mail = orderShippedMail({ ...dhl, carrierName: "<b>DHL</b>", trackingNumber: "<img src=x>", trackingUrl: null });
    expect(mail.html).not.toContain("<b>DHL</b>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x&gt;");
  });
});

describe("order delivered e-mail", () => {
  it("thanks the buyer and links to the order", () => {
    const mail = orderDeliveredMail(order);
    expect(mail.subject).toBe("Tu pedido CV-7K3Q9M fue entregado - Cartas del Valle");
    for (const part of both(mail)) {
      expect(part).toContain("tu pedido CV-7K3Q9M fue entregado");
      expect(part).toContain("Gracias por comprar en Cartas del Valle");
      expect(part).toContain("https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M");
    }
    expect(mail.html).toContain("Mew &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });
});

describe("order cancelled e-mail", () => {
  it("gives the reason, and nothing about money for an order never paid", () => {
    const mail = orderCancelledMail({ ...order, reason: "Se agotó la carta", refundedCents: null, manualRefund: false });
    expect(mail.subject).toBe("Tu pedido CV-7K3Q9M fue cancelado - Cartas del Valle");
    for (const part of both(mail)) {
      expect(part).toContain("cancelamos tu pedido CV-7K3Q9M");
      expect(part).toContain("Motivo: Se agotó la carta");
      expect(part).toContain("https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M");
      expect(part).not.toContain("Reembolsamos");
    }
  });

  it("says the amount refunded and when to expect it at the bank", () => {
    const mail = orderCancelledMail({ ...order, reason: "Sin existencias", refundedCents: 139_050, manualRefund: false });
    for (const part of both(mail)) {
      expect(part).toContain("Reembolsamos $1,390.50 MXN de tu pago.");
      expect(part).toContain("entre 5 y 10 días hábiles, según tu banco");
    }
  });

  it("says a manual payment comes back by the same means it was paid", () => {
    const mail = orderCancelledMail({ ...order, reason: "Sin existencias", refundedCents: 50_000, manualRefund: true });
    expect(mail.text).toContain("Reembolsamos $500.00 MXN de tu pago.");
    expect(mail.text).toContain("por el mismo medio con el que pagaste");
    expect(mail.text).not.toContain("según tu banco");
  });

  it("escapes the admin-typed reason in HTML", () => {
    const mail = orderCancelledMail({
      ...order,
      reason: '<script>alert("x")</script> & <a href="https://malo.example">aquí</a>',
      refundedCents: null,
      manualRefund: false,
    });
    expect(mail.html).not.toContain("<script>alert");
    expect(mail.html).not.toContain('<a href="https://malo.example"');
    expect(mail.html).toContain("Motivo: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=");
    expect(mail.text).toContain('Motivo: <script>alert("x")</script> & <a href="https://malo.example">aquí</a>');
  });
});

describe("order refunded e-mail", () => {
  it("says the amount and when to expect it, and links to the order", () => {
    const mail = orderRefundedMail({ ...order, refundedCents: 139_050, manualRefund: false });
    expect(mail.subject).toBe("Reembolso de tu pedido CV-7K3Q9M - Cartas del Valle");
    for (const part of both(mail)) {
      expect(part).toContain("reembolsamos $1,390.50 MXN de tu pago del pedido CV-7K3Q9M");
      expect(part).toContain("entre 5 y 10 días hábiles, según tu banco");
      expect(part).toContain("https://tienda.example/mis-pedidos?pedido=CV-7K3Q9M");
    }
    const manual = orderRefundedMail({ ...order, refundedCents: 100, manualRefund: true });
    expect(manual.text).toContain("por el mismo medio con el que pagaste");
  });

  it("escapes the contact's name in HTML", () => {
    const mail = orderRefundedMail({ ...order, contactName: "<i>Ana</i>", refundedCents: 100, manualRefund: false });
    expect(mail.html).toContain("Hola &lt;i&gt;Ana&lt;/i&gt;");
  });
});
