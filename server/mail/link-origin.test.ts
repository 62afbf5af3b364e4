import os from "node:os";
import { describe, expect, it } from "vitest";
import { configuredOrigin, mailLinkOrigin } from "./link-origin";

const base = { PUBLIC_URL: undefined, HOST: "0.0.0.0", PORT: 3000 };

describe("configuredOrigin", () => {
  it("is PUBLIC_URL's origin when set", () => {
    expect(configuredOrigin({ ...base, PUBLIC_URL: "https://cartasdelvalle.mx/tienda/" })).toBe("https://cartasdelvalle.mx");
  });

  it("else the address the shop listens on, the machine's name for every interface", () => {
    expect(configuredOrigin({ ...base, HOST: "192.168.1.20", PORT: 8080 })).toBe("http://192.168.1.20:8080");
    expect(configuredOrigin({ ...base, HOST: "tienda.lan" })).toBe("http://tienda.lan:3000");
    expect(configuredOrigin({ ...base, HOST: "fd00::20" })).toBe("http://[fd00::20]:3000");
    expect(configuredOrigin(base)).toBe(new URL(`http://${os.hostname()}:3000`).origin);
    expect(configuredOrigin({ ...base, HOST: "::" })).toBe(new URL(`http://${os.hostname()}:3000`).origin);
  });
});

describe("mailLinkOrigin", () => {
  const config = { ...base, PUBLIC_URL: "https://cartasdelvalle.mx" };

  it("the recorded origin first, then the caller's, then the configured one", () => {
    expect(mailLinkOrigin("https://tienda.example", "https://otra.example/x", config)).toBe("https://tienda.example");
    expect(mailLinkOrigin(null, "https://otra.example/x", config)).toBe("https://otra.example");
    expect(mailLinkOrigin(null, undefined, config)).toBe("https://cartasdelvalle.mx");
  });

  it("ignores a recorded value or a fallback that is not an http(s) origin", () => {
    expect(mailLinkOrigin("https://tienda.example/ruta", null, config)).toBe("https://cartasdelvalle.mx");
    expect(mailLinkOrigin("javascript:alert(1)", "ftp://otra.example", config)).toBe("https://cartasdelvalle.mx");
  });
});
