/**
 * The return pages, /confirmacion and 'Mis Pedidos' rendered on the server
 * with an order (docs/requirements.md#payments): every text and button the
 * page must show, links where they must go, and what a shopper typed or the
 * database holds shown escaped. (The e2e suite reaches
 * only the empty states on this branch: no page there creates an order.)
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import PaymentSuccessPage from "#app/routes/payment.success.tsx";
import PaymentFailurePage from "#app/routes/payment.failure.tsx";
import PaymentPendingPage from "#app/routes/payment.pending.tsx";
import ConfirmationPage from "#app/routes/confirmacion.tsx";
import MyOrdersPage from "#app/routes/mis-pedidos.tsx";
import OrderLookupPage from "#app/routes/consulta-pedido.tsx";

function render(Page: ComponentType<never>, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "page", path: "/p", Component: Page as ComponentType, loader: () => loaderData, action: () => actionData },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/p"]}
      hydrationData={{ loaderData: { page: loaderData }, actionData: actionData ? { page: actionData } : undefined }}
    />,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const summary = {
  orderNumber: "CV-7K3Q9M",
  total: 1150.5,
  paymentId: "12345678901",
  email: "ana@example.com",
  pointsEarned: 11,
  state: "paid",
  canPay: false,
  payKey: null,
  items: [
    { name: "Wigglytuff", variant: "Casi nueva · Inglés", image: null, price: 215, quantity: 1 },
    { name: "Wigglytuff", variant: "Ligeramente jugada · Inglés", image: "/media/demo/x-front.webp", price: 185, quantity: 2 },
  ],
  shippingAddress: {
    name: "Ana López",
    phone: "5512345678",
    street: "Av. Reforma 1",
    colonia: "Juárez",
    city: "Ciudad de México",
    state: "Ciudad de México",
    zipCode: "06600",
    country: "México",
    references: null,
  },
  orderPath: "/mis-pedidos?pedido=CV-7K3Q9M",
  guest: false,
};
const GUEST_PATH = `/consulta-pedido?pedido=CV-7K3Q9M&amp;clave=${"g".repeat(43)}`;
const guestSummary = {
  ...summary,
  pointsEarned: null,
  guest: true,
  orderPath: `/consulta-pedido?pedido=CV-7K3Q9M&clave=${"g".repeat(43)}`,
};
const unpaid = { ...summary, paymentId: null, pointsEarned: null, state: "unpaid", canPay: true, payKey: "k".repeat(43) };

describe("/payment/success", () => {
  it("number, total paid with 2 decimals, payment id, next steps, points with a link to the profile, keep shopping and my orders", () => {
    const page = render(PaymentSuccessPage as never, { order: summary, loadFailed: false });
    const t = text(page);
    expect(t).toContain("CV-7K3Q9M");
    expect(t).toContain("Total pagado $1,150.50 MXN");
    expect(t).toContain("ID de pago 12345678901");
    expect(t).toContain("Próximos pasos");
    expect(t).toContain("Recibirás un correo electrónico con la confirmación de tu pedido.");
    expect(t).toContain("Cuando lo enviemos, te mandaremos el número de rastreo.");
    expect(t).toContain("Ganaste 11 puntos de lealtad con esta compra.");
    expect(page).toContain('href="/perfil?tab=puntos"');
    expect(page).toMatch(/<a[^>]*href="\/"[^>]*>Seguir comprando<\/a>/);
    expect(page).toMatch(/<a[^>]*href="\/mis-pedidos\?pedido=CV-7K3Q9M"[^>]*>Ver mis pedidos<\/a>/);
  });

  it("the order itself: each line with its copy, quantity and price, the address as Mexican carriers write it, the e-mail it went to", () => {
    const page = render(PaymentSuccessPage as never, { order: summary, loadFailed: false });
    const t = text(page);
    expect(t).toContain("Wigglytuff Casi nueva · Inglés 1 × $215.00 MXN $215.00 MXN");
    expect(t).toContain("Wigglytuff Ligeramente jugada · Inglés 2 × $185.00 MXN $370.00 MXN");
    expect(page).toContain('src="/media/demo/x-front.webp?w=480"');
    expect(t).toContain("Ana López Av. Reforma 1, Col. Juárez C.P. 06600, Ciudad de México, Ciudad de México México");
    expect(t).toContain("Enviamos el correo de tu pedido a ana@example.com .");
  });

  it("a guest's order links to its own keyed page ('Ver mi pedido'), never to 'Mis Pedidos' and its sign-in", () => {
    for (const Page of [PaymentSuccessPage, ConfirmationPage, PaymentPendingPage]) {
      const page = render(Page as never, {
        order: { ...guestSummary, state: Page === PaymentPendingPage ? "verifying" : "paid" },
        loadFailed: false,
      });
      expect(page).not.toContain("/mis-pedidos");
      expect(page).toMatch(new RegExp(`<a[^>]*href="${GUEST_PATH.replace(/[?]/g, "\\?")}"[^>]*>Ver mi pedido</a>`));
      expect(text(page)).toContain("Consultar mi pedido CV-7K3Q9M");
    }
  });

  it("a guest's order: no points line, no payment id when none; no order: the Spanish message and 'Volver al inicio' only", () => {
    const guest = text(
      render(PaymentSuccessPage as never, { order: { ...summary, paymentId: null, pointsEarned: null }, loadFailed: false }),
    );
    expect(guest).not.toContain("puntos");
    expect(guest).not.toContain("ID de pago");
    const none = render(PaymentSuccessPage as never, { order: null, loadFailed: false });
    expect(text(none)).toContain("No se encontró información de la orden");
    expect(none).toMatch(/<a[^>]*href="\/"[^>]*>Volver al inicio<\/a>/);
    expect(none).not.toContain("/mis-pedidos");
    expect(text(render(PaymentSuccessPage as never, { order: null, loadFailed: true }))).toContain(
      "Error al cargar la información de tu pedido",
    );
  });
});

describe("/payment/failure", () => {
  it("with a stored order: its number, created-but-not-processed, the four reasons, 'Intentar de nuevo' → /checkout, home", () => {
    const page = render(PaymentFailurePage as never, {
      order: { ...summary, state: "rejected", canPay: true },
      stored: true,
      retryTo: "/checkout",
      loadFailed: false,
    });
    const t = text(page);
    expect(t).toContain("Tu orden CV-7K3Q9M fue creada, pero el pago no se procesó.");
    for (const reason of [
      "Fondos insuficientes",
      "Datos de la tarjeta incorrectos",
      "Tarjeta rechazada por el banco emisor",
      "Límite de compra excedido",
    ]) {
      expect(t).toContain(reason);
    }
    expect(page).toMatch(/<a[^>]*href="\/checkout"[^>]*>Intentar de nuevo<\/a>/);
    expect(page).toMatch(/<a[^>]*href="\/"[^>]*>Volver al inicio<\/a>/);
  });

  it("without one: 'Intentar de nuevo' → /carrito", () => {
    const page = render(PaymentFailurePage as never, { order: null, stored: false, retryTo: "/carrito", loadFailed: false });
    expect(page).toMatch(/<a[^>]*href="\/carrito"[^>]*>Intentar de nuevo<\/a>/);
    expect(text(page)).not.toContain("fue creada");
  });
});

describe("/payment/pending", () => {
  it("number and total, 48 business hours, the e-mail on confirmation, slow methods, home and my orders", () => {
    const page = render(PaymentPendingPage as never, { order: { ...summary, state: "verifying" }, loadFailed: false });
    const t = text(page);
    expect(t).toContain("Número de orden CV-7K3Q9M");
    expect(t).toContain("Total $1,150.50 MXN");
    expect(t).toContain("La verificación puede tardar hasta 48 horas hábiles .");
    expect(t).toContain("Te enviaremos un correo electrónico cuando se confirme tu pago.");
    for (const m of ["Transferencia bancaria", "Pago en efectivo en tiendas (OXXO)", "Depósito bancario"]) expect(t).toContain(m);
    expect(page).toMatch(/<a[^>]*href="\/mis-pedidos\?pedido=CV-7K3Q9M"[^>]*>Ver mis pedidos<\/a>/);
  });
});

describe("/confirmacion", () => {
  it("number, total in MXN, e-mail, the e-mail and shipping notes, links to / and /mis-pedidos", () => {
    const page = render(ConfirmationPage as never, { order: { ...summary, total: 0 }, loadFailed: false });
    const t = text(page);
    expect(t).toContain("Número de orden CV-7K3Q9M");
    expect(t).toContain("Total $0.00 MXN");
    expect(t).toContain("Enviamos el correo de tu pedido a ana@example.com");
    expect(t).toContain("Te enviamos un correo electrónico con los detalles de tu pedido, y te avisaremos cuando sea enviado.");
    expect(page).toMatch(/<a[^>]*href="\/"[^>]*>Seguir comprando<\/a>/);
    expect(page).toMatch(/<a[^>]*href="\/mis-pedidos\?pedido=CV-7K3Q9M"[^>]*>Ver mis pedidos<\/a>/);
  });

  it("an unpaid order is not confirmed: it awaits payment, with 'Pagar Ahora' posting to its page with its key", () => {
    const page = render(ConfirmationPage as never, { order: unpaid, loadFailed: false });
    const t = text(page);
    expect(t).not.toContain("Pedido confirmado");
    expect(t).toContain("Tu pedido está pendiente de pago");
    expect(t).toContain("Tu pedido CV-7K3Q9M está registrado, pero aún no recibimos su pago.");
    expect(t).toContain("Total a pagar $1,150.50 MXN");
    expect(page).toContain(`action="/confirmacion?pedido=CV-7K3Q9M&amp;clave=${"k".repeat(43)}" method="post"`);
    expect(page).toContain('name="intent" value="pay"');
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>Pagar Ahora<\/button>/);
  });
});

describe("the return pages by the order's real state", () => {
  it("an unpaid order is never 'Pago exitoso' nor 'en proceso de verificación'", () => {
    for (const Page of [PaymentSuccessPage, PaymentPendingPage]) {
      const t = text(render(Page as never, { order: unpaid, loadFailed: false }));
      expect(t).not.toContain("Pago exitoso");
      expect(t).not.toContain("en proceso de verificación");
      expect(t).toContain("Tu pedido está pendiente de pago");
      expect(t).toContain("Pagar Ahora");
    }
  });

  it("a paid order on the failure page shows it paid; a cancelled one offers no payment", () => {
    const paid = text(render(PaymentFailurePage as never, { order: summary, stored: true, retryTo: "/carrito", loadFailed: false }));
    expect(paid).toContain("¡Pago exitoso!");
    expect(paid).not.toContain("no se pudo procesar");
    const cancelled = text(render(ConfirmationPage as never, { order: { ...summary, state: "cancelled" }, loadFailed: false }));
    expect(cancelled).toContain("Tu pedido fue cancelado");
    expect(cancelled).toContain("Tu pedido CV-7K3Q9M se canceló");
    expect(cancelled).toContain("No se realizó ningún cargo por este pedido.");
    expect(cancelled).not.toContain("Pagar Ahora");
    expect(cancelled).not.toContain("Pedido confirmado");
  });
});

describe("Mis Pedidos", () => {
  const order = {
    _id: "0192f3a4-0000-7000-8000-000000000001",
    orderNumber: "CV-7K3Q9M",
    items: [
      { product: null, name: "Pikachu <ex>", image: null, price: 300, quantity: 2 },
      { product: null, name: "Mew", image: null, price: 100, quantity: 1 },
    ],
    shippingAddress: {
      name: "Ana López",
      phone: "5512345678",
      street: "Av. Reforma 1",
      colonia: "Juárez",
      city: "Ciudad de México",
      state: "Ciudad de México",
      zipCode: "06600",
      country: "México",
      references: "Portón verde",
    },
    shippingMethod: "dhl",
    shippingCost: 220,
    subtotal: 700,
    discount: 92,
    couponCode: "HOLA10",
    total: 828,
    finalTotal: 800,
    orderStatus: "pending",
    paymentStatus: "rejected",
    paymentId: "998877",
    paymentMethod: "mercadopago",
    trackingNumber: null,
    email: "ana@example.com",
    whatsappNotifications: false,
    user: null,
    notes: null,
    cancelReason: null,
    cancelledAt: null,
    cancelledBy: null,
    needsRefund: false,
    createdAt: "2026-01-05T18:00:00.000Z",
    updatedAt: "2026-01-05T18:00:00.000Z",
    loyaltyPoints: { used: 28, earned: 7 },
    canRetryPayment: true,
    itemCount: 3,
  };
  const cancelled = {
    ...order,
    _id: "0192f3a4-0000-7000-8000-000000000002",
    orderNumber: "CV-8M4R2P",
    orderStatus: "cancelled",
    paymentStatus: "pending",
    canRetryPayment: false,
    cancelReason: "Pago no recibido en 72 horas",
    cancelledAt: "2026-01-08T18:00:00.000Z",
    cancelledBy: "sistema",
    trackingNumber: "EST123",
  };

  it("each order: number, both badges, es-MX date, item count, total; the detail in <details>, opened by ?pedido=", () => {
    const page = render(MyOrdersPage as never, { orders: [order, cancelled], openNumber: "CV-8M4R2P" });
    const t = text(page);
    expect(t).toContain("Pedido CV-7K3Q9M Pendiente Pago rechazado");
    expect(t).toContain("Pedido CV-8M4R2P Cancelado Pago pendiente");
    expect(t).toContain("5 de enero de 2026 · 3 artículos · $800.00 MXN");
    const details = page.match(/<details[^>]*>/g)!;
    expect(details).toHaveLength(2);
    expect(details[0]).not.toContain("open");
    expect(details[1]).toContain("open");
    // The detail: products (escaped), address, method, cost, tracking, payment, summary, cancellation, contact.
    expect(page).toContain("Pikachu &lt;ex&gt;");
    expect(t).toContain("2 × $300.00 MXN $600.00 MXN");
    expect(t).toContain("Av. Reforma 1, Col. Juárez");
    expect(t).toContain("C.P. 06600, Ciudad de México, Ciudad de México");
    expect(t).toContain("Referencias: Portón verde");
    expect(t).toContain("Método de envío DHL Express");
    expect(t).toContain("Costo de envío $220.00 MXN");
    expect(t).toContain("Número de rastreo Aún no disponible");
    expect(t).toContain("Número de rastreo EST123");
    expect(t).toContain("Método de pago Mercado Pago");
    expect(t).toContain("ID de pago 998877");
    expect(t).toContain("Descuento (HOLA10) -$92.00 MXN");
    expect(t).toContain("Puntos usados -$28.00 MXN");
    expect(t).toContain("Total $800.00 MXN");
    expect(t).toContain("Motivo Pago no recibido en 72 horas");
    expect(t).toContain("Cancelado por Sistema");
    expect(t).toContain("Correo de contacto ana@example.com");
  });

  it("'Pagar Ahora' only for the payable order: a POST form with intent pay and the order's id", () => {
    const page = render(MyOrdersPage as never, { orders: [order, cancelled], openNumber: null });
    const forms = page.match(/<form[^>]*method="post"[\s\S]*?<\/form>/g) ?? [];
    const payForms = forms.filter((f) => f.includes("Pagar Ahora"));
    expect(payForms).toHaveLength(1);
    expect(payForms[0]).toContain('name="intent" value="pay"');
    expect(payForms[0]).toContain(`name="orderId" value="${order._id}"`);
  });

  it("a failed 'Pagar Ahora' shows the message as an alert next to that order's button, its detail opened", () => {
    const page = render(
      MyOrdersPage as never,
      { orders: [order, cancelled], openNumber: null },
      { intent: "pay", formError: "Error: No se pudo obtener el link de pago", fieldErrors: {}, values: { orderId: order._id } },
    );
    expect(page).toMatch(/<p id="pay-error-[^"]+" class="form-error" role="alert">Error: No se pudo obtener el link de pago<\/p>/);
    expect(page).toMatch(/aria-describedby="pay-error-[^ ]+ pedido-titulo-/);
    expect(page.match(/<details[^>]*>/g)![0]).toContain("open");
  });

  it("a shipped order: its tracking number with the carrier's page, in a new tab said to screen readers", () => {
    const shipped = { ...order, orderStatus: "shipped", paymentStatus: "approved", canRetryPayment: false, trackingNumber: "1234567890" };
    const page = render(MyOrdersPage as never, { orders: [shipped], openNumber: null });
    const t = text(page);
    expect(t).toContain("Enviado por DHL Express · Número de rastreo: 1234567890 Rastrear en DHL Express (se abre en una pestaña nueva)");
    const links = page.match(/<a [^>]*class="tracking-link"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toContain('href="https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&amp;submit=1"');
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
    // Estafeta's tracking takes the number too: nothing to type, no copy button.
    const estafeta = render(MyOrdersPage as never, { orders: [{ ...shipped, shippingMethod: "estafeta" }], openNumber: null });
    expect(estafeta).toContain(
      'href="https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=1234567890&amp;wayBillType=1&amp;isShipmentDetail=False"',
    );
    expect(text(estafeta)).not.toContain("Escribe tu número de rastreo");
    expect(estafeta).not.toContain("tracking-copy");
    // A carrier without such an address (an old order's): the number as selectable text, to copy.
    const other = render(MyOrdersPage as never, { orders: [{ ...shipped, shippingMethod: "paqueteria-antigua" }], openNumber: null });
    expect(other).toContain('<span class="tracking-number">1234567890</span>');
    expect(other).not.toContain("tracking-link");
  });

  it("a cancelled order says when and why in its summary line", () => {
    const page = render(MyOrdersPage as never, { orders: [cancelled], openNumber: null });
    expect(text(page)).toMatch(/Cancelado el 8 de enero de 2026 a las 12:00 p\.m\. · Motivo: Pago no recibido en 72 horas/);
  });
});

describe("Consulta tu pedido", () => {
  const found = {
    orderNumber: "CV-7K3Q9M",
    createdAt: "2026-01-05T18:00:00.000Z",
    items: [{ name: "Pikachu <ex>", price: 300, quantity: 2 }],
    shippingAddress: {
      name: "Ana López",
      phone: "5512345678",
      street: "Av. Reforma 1",
      colonia: null,
      city: "Ciudad de México",
      state: "Ciudad de México",
      zipCode: "06600",
      country: "México",
      references: null,
    },
    shippingMethod: "dhl",
    shippingCost: 0,
    trackingNumber: null,
    paymentMethod: "mercadopago",
    paymentId: null,
    paymentStatus: "pending",
    subtotal: 600,
    discount: 0,
    couponCode: null,
    finalTotal: 600,
    loyaltyPoints: { used: 0, earned: 0 },
    orderStatus: "pending",
    cancelReason: null,
    cancelledAt: null,
    cancelledBy: null,
    email: "ana@example.com",
    canPay: true,
    payHere: true,
    payKey: "k".repeat(43),
  };

  it("the empty form: labelled number and e-mail, the honeypot, a POST to the page; a refusal shows the message", () => {
    const page = render(OrderLookupPage as never, { order: null, loadFailed: false });
    expect(page).toContain('action="/consulta-pedido" method="post"');
    expect(page).toMatch(/<label[^>]*for="pedido"[^>]*>Número de pedido<\/label>/);
    expect(page).toMatch(/<label[^>]*for="email"[^>]*>Correo electrónico del pedido<\/label>/);
    expect(page).toContain('name="sitio_web"');
    const refused = render(
      OrderLookupPage as never,
      { order: null, loadFailed: false },
      {
        intent: "lookup",
        formError: "No encontramos un pedido con ese número y correo. Revisa los datos e intenta de nuevo.",
        fieldErrors: {},
        values: { pedido: "CV-7K3Q9M", email: "<b>@x.com" },
      },
    );
    expect(refused).toContain('role="alert">No encontramos un pedido con ese número y correo. Revisa los datos e intenta de nuevo.</p>');
    expect(refused).toContain('value="CV-7K3Q9M"');
    expect(refused).toContain('value="&lt;b&gt;@x.com"');
  });

  it("the order: heading, badges, detail, and 'Pagar Ahora' posting the key back to this page", () => {
    const page = render(OrderLookupPage as never, { order: found, loadFailed: false });
    const t = text(page);
    expect(t).toContain("Pedido CV-7K3Q9M Pendiente Pago pendiente");
    expect(page).toContain("Pikachu &lt;ex&gt;");
    expect(t).toContain("Número de rastreo Aún no disponible");
    const form = page.match(/<form[^>]*method="post"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain(`action="/consulta-pedido?pedido=CV-7K3Q9M&amp;clave=${"k".repeat(43)}"`);
    expect(form).toContain('name="intent" value="pay"');
    expect(form).toContain(`name="clave" value="${"k".repeat(43)}"`);
    expect(form).toContain("Pagar Ahora");
    // A customer's order, not signed in: a way to sign in instead of the button.
    const customers = render(OrderLookupPage as never, { order: { ...found, payHere: false }, loadFailed: false });
    expect(customers).not.toContain("Pagar Ahora");
    expect(customers).toContain('href="/login?redirectTo=%2Fmis-pedidos%3Fpedido%3DCV-7K3Q9M"');
  });

  it("a shipped order shows the carrier's page; a cancelled one its reason", () => {
    const shipped = render(OrderLookupPage as never, {
      order: { ...found, orderStatus: "shipped", paymentStatus: "approved", canPay: false, trackingNumber: "ABC123456" },
      loadFailed: false,
    });
    expect(shipped).toContain('href="https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=ABC123456&amp;submit=1"');
    expect(shipped).not.toContain("Pagar Ahora");
    const cancelled = render(OrderLookupPage as never, {
      order: {
        ...found,
        orderStatus: "cancelled",
        canPay: false,
        cancelReason: "Sin <existencias>",
        cancelledAt: "2026-01-08T18:00:00.000Z",
      },
      loadFailed: false,
    });
    expect(text(cancelled)).toContain("Motivo Sin &lt;existencias&gt;");
    expect(text(cancelled)).toContain("Fecha de cancelación 8 de enero de 2026");
  });
});
