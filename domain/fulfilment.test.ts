import { describe, expect, it } from "vitest";
import { FULFILMENT_MESSAGES, chatLink, chatStatusMessage, orderTransitionProblem, statusUpdateFailure } from "./fulfilment";

describe("the admin's status moves", () => {
  const paid = { orderStatus: "processing", paymentStatus: "approved" };
  const unpaid = { orderStatus: "pending", paymentStatus: "pending" };

  it("moves a paid order among the four statuses; shipped needs 6 to 40 letters or digits", () => {
    for (const to of ["pending", "processing", "delivered"]) expect(orderTransitionProblem(paid, to)).toBeNull();
    expect(orderTransitionProblem(paid, "shipped", { trackingNumber: "EST123" })).toBeNull();
    expect(orderTransitionProblem(paid, "shipped")).toMatchObject({
      message: FULFILMENT_MESSAGES.trackingRequired,
      field: "rastreo",
      code: "invalid",
    });
    expect(orderTransitionProblem(paid, "shipped", { trackingNumber: "EST12" })?.message).toBe(FULFILMENT_MESSAGES.trackingInvalid);
    expect(orderTransitionProblem(paid, "shipped", { trackingNumber: "A".repeat(41) })?.message).toBe(FULFILMENT_MESSAGES.trackingInvalid);
  });

  it("an unpaid order may only go back to pending; cancelled only through its own action, and it is final", () => {
    expect(orderTransitionProblem(unpaid, "pending")).toBeNull();
    for (const to of ["processing", "shipped", "delivered"]) {
      expect(orderTransitionProblem(unpaid, to, { trackingNumber: "EST123456" })).toMatchObject({ code: "conflict" });
    }
    expect(orderTransitionProblem(paid, "cancelled")?.message).toBe(FULFILMENT_MESSAGES.useCancelAction);
    expect(orderTransitionProblem({ orderStatus: "cancelled", paymentStatus: "refunded" }, "pending")?.message).toBe(
      FULFILMENT_MESSAGES.cancelledIsFinal,
    );
    expect(orderTransitionProblem(paid, "lost")?.message).toBe(FULFILMENT_MESSAGES.unknownStatus);
    expect(orderTransitionProblem(paid, "__proto__")?.message).toBe(FULFILMENT_MESSAGES.unknownStatus);
  });
});

describe("the status form's refusal", () => {
  it("words every message as the spec's 'Error al actualizar: …'", () => {
    expect(
      statusUpdateFailure({
        intent: "status",
        formError: "No encontramos ese pedido",
        fieldErrors: { rastreo: ["Falta"] },
        values: { rastreo: "" },
      }),
    ).toEqual({
      intent: "status",
      formError: "Error al actualizar: No encontramos ese pedido",
      fieldErrors: { rastreo: ["Error al actualizar: Falta"] },
      values: { rastreo: "" },
    });
  });
});

describe("click-to-chat", () => {
  const order = {
    orderNumber: "CV-7K3Q9M",
    orderStatus: "shipped",
    contactName: "Ana López García",
    carrier: "DHL Express",
    trackingNumber: "1234567890",
    trackingUrl: "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&submit=1",
    cancelReason: null,
  };

  it("says the order's current status in Spanish, with the tracking number and link once shipped", () => {
    const text = chatStatusMessage(order);
    expect(text).toContain("Hola Ana");
    expect(text).toContain("CV-7K3Q9M");
    expect(text).toContain("va en camino con DHL Express");
    expect(text).toContain("1234567890");
    expect(chatStatusMessage({ ...order, orderStatus: "cancelled", cancelReason: "Sin existencia" })).toContain("Motivo: Sin existencia.");
    expect(chatStatusMessage({ ...order, orderStatus: "pending" })).toContain("espera su pago");
  });

  it("links wa.me with the Mexican country code and the text encoded; nothing for a phone that is not 10 digits", () => {
    expect(chatLink("55 1234 5678", "Hola & adiós")).toBe("https://wa.me/525512345678?text=Hola%20%26%20adi%C3%B3s");
    expect(chatLink("+52 55 1234 5678", "x")).toBe("https://wa.me/525512345678?text=x");
    expect(chatLink("12345", "x")).toBeNull();
    expect(chatLink("", "x")).toBeNull();
  });
});
