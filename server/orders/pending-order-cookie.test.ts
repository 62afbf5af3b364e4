import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { clearPendingOrder, readPendingOrder, storePendingOrder } from "./pending-order-cookie.server";

const config = parseConfig({ NODE_ENV: "test", SESSION_SECRET: "a-test-secret-of-at-least-32-characters!!" });
const order = { orderNumber: "CV-7K3Q9M", id: "0123456789abcdef01234567", total: 1234.5 };

function requestWith(setCookie: string): Request {
  return new Request("http://tienda.test/payment/success", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("pending-order cookie", () => {
  it("stores the order number, id and total, signed, HttpOnly and SameSite=Lax", async () => {
    const setCookie = await storePendingOrder(config, order);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(await readPendingOrder(requestWith(setCookie), config)).toEqual(order);
  });

  it("reads nothing from a missing, tampered or foreign cookie", async () => {
    expect(await readPendingOrder(new Request("http://tienda.test/"), config)).toBeNull();
    const setCookie = await storePendingOrder(config, order);
    const [name, value] = setCookie.split(";")[0]!.split("=");
    const tampered = new Request("http://tienda.test/", {
      headers: { Cookie: `${name}=${value!.replace(/^./, (c) => (c === "e" ? "f" : "e"))}` },
    });
    expect(await readPendingOrder(tampered, config)).toBeNull();
    const other = parseConfig({ NODE_ENV: "test", SESSION_SECRET: "another-secret-of-at-least-32-characters!!" });
    expect(await readPendingOrder(requestWith(setCookie), other)).toBeNull();
  });

  it("refuses a signed value that is not a pending order", async () => {
    for (const bad of [
      { ...order, orderNumber: "CV-000000" },
      { ...order, id: "x" },
      { ...order, total: -1 },
    ]) {
      expect(await readPendingOrder(requestWith(await storePendingOrder(config, bad)), config)).toBeNull();
    }
  });

  it("is cleared by an expired cookie of the same name", async () => {
    expect(await clearPendingOrder(config)).toMatch(/^pedido=;.*Max-Age=0/);
  });
});
