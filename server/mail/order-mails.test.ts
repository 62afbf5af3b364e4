import { describe, expect, it } from "vitest";
import { orderReceivedMail, paymentApprovedMail, type OrderMailData } from "./order-mails";
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
        "Av. Juárez 10, Col. Centro, Puebla, Puebla, C.P. 72000, México",
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
