import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { readSignedCookie, signedCookie } from "./cookies";

const request = (cookie: string) => new Request("http://tienda.test/", { headers: { Cookie: cookie } });

describe("signed cookies", () => {
  it("are HttpOnly, SameSite=Lax, and Secure only over HTTPS", async () => {
    const plain = await signedCookie("cart", 60, parseConfig({})).serialize("abc");
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).not.toMatch(/Secure/);
    const https = await signedCookie("cart", 60, parseConfig({ PUBLIC_URL: "https://tienda.example" })).serialize("abc");
    expect(https).toMatch(/Secure/);
  });

  it("read back what was signed, and null when tampered with, unsigned or signed with another secret", async () => {
    const config = parseConfig({});
    const cookie = signedCookie("sesion", 60, config);
    const value = (await cookie.serialize("id-123")).split(";")[0]!;
    expect(await readSignedCookie(cookie, request(value))).toBe("id-123");
    expect(await readSignedCookie(cookie, request(value.replace(/.$/, (c) => (c === "A" ? "B" : "A"))))).toBeNull();
    expect(await readSignedCookie(cookie, request("sesion=id-123"))).toBeNull();
    const other = signedCookie("sesion", 60, parseConfig({ SESSION_SECRET: "x".repeat(40) }));
    expect(await readSignedCookie(other, request(value))).toBeNull();
    expect(await readSignedCookie(cookie, request(""))).toBeNull();
  });
});
