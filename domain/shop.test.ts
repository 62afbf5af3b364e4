import { describe, expect, it } from "vitest";
import { displayPhoneNumber, whatsappLink } from "./shop";

describe("the shop's chat-app number", () => {
  it("reads as a Mexican number: 2-4-4 in the big cities, 3-3-4 elsewhere", () => {
    expect(displayPhoneNumber("525512345678")).toBe("55 1234 5678");
    expect(displayPhoneNumber("5215512345678")).toBe("55 1234 5678");
    expect(displayPhoneNumber("529991234567")).toBe("999 123 4567");
    expect(displayPhoneNumber("14155550123")).toBe("14155550123");
  });

  it("links to a chat with an encoded message", () => {
    expect(whatsappLink("525512345678")).toBe("https://wa.me/525512345678");
    expect(whatsappLink("525512345678", "¿Fotos de Pikachu & Eevee?")).toBe(
      "https://wa.me/525512345678?text=%C2%BFFotos%20de%20Pikachu%20%26%20Eevee%3F",
    );
  });
});
