import { describe, expect, it } from "vitest";
import { emailChangedMail, escapeHtml, maskEmail, passwordResetMail, stockAlertConfirmMail } from "./templates";

const resetUrl = "https://cartasdelvalle.mx/restablecer-contrasena?token=abc123";

describe("password reset e-mail", () => {
  const mail = passwordResetMail({ name: "Ana López", resetUrl });

  it("has the shop's subject and greets the user by name", () => {
    expect(mail.subject).toBe("Restablece tu contraseña - Cartas del Valle");
    expect(mail.text).toContain("Hola Ana López, recibimos una solicitud para restablecer la contraseña de tu cuenta.");
    expect(mail.html).toContain("Hola Ana López, recibimos una solicitud");
  });

  it("carries the link as a button and as a plain URL, in HTML and in text", () => {
    expect(mail.html).toContain(`<a href="${resetUrl}"`);
    expect(mail.html).toContain(`>${resetUrl}</a>`);
    expect(mail.text).toContain(`\n${resetUrl}\n`);
  });

  it("says how long the link lasts and what to do if it was not requested", () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Este enlace es válido durante 1 hora y solo puede usarse una vez.");
      expect(part).toContain("Si no solicitaste este cambio, ignora este correo; tu contraseña no cambiará.");
    }
  });

  it("shows the shop's name and contact in the layout", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="es-MX">/);
    expect(mail.html).toContain("hola@cartasdelvalle.mx");
    expect(mail.text.startsWith("Cartas del Valle\n")).toBe(true);
    expect(mail.text).toContain("¿Dudas? Escríbenos a hola@cartasdelvalle.mx");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("escapes hostile input: no injected tags, no attribute breakout", () => {
    const hostile = passwordResetMail({
      name: "<script>alert(1)</script>",
      resetUrl: `https://cartasdelvalle.mx/r?t=x" onmouseover="alert(1)'><img src=x>`,
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).not.toMatch(/"\s*onmouseover=/);
    expect(hostile.html).toContain("Hola &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(hostile.html).toContain('href="https://cartasdelvalle.mx/r?t=x&quot; onmouseover=&quot;alert(1)&#39;&gt;&lt;img src=x&gt;"');
    // The plain-text part is not markup: it keeps what was given.
    expect(hostile.text).toContain("Hola <script>alert(1)</script>,");
  });

  it("refuses a link that is not a web URL", () => {
    expect(() => passwordResetMail({ name: "Ana", resetUrl: "javascript:alert(1)" })).toThrow(/http/);
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("e-mail changed notice (to the old address)", () => {
  // 18:05 UTC is 12:05 in Mexico City (UTC-6, no daylight saving time since 2022).
  const mail = emailChangedMail({ name: "Ana López", newEmail: "nueva.direccion@gmail.com", changedAt: new Date("2026-11-23T18:05:00Z") });

  it("says in Spanish that the account's e-mail was changed, to which address (masked) and when, in Mexico City time", () => {
    expect(mail.subject).toBe("Se cambió el correo de tu cuenta - Cartas del Valle");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(
        "Hola Ana López, el correo electrónico de tu cuenta en Cartas del Valle se cambió a n***n@gmail.com el 23 de noviembre de 2026 a las 12:05 p.m. (hora del centro de México).",
      );
      expect(part).not.toContain("nueva.direccion");
    }
  });

  it("says what to do if it was not the customer", () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Si no fuiste tú, alguien pudo haber entrado a tu cuenta: escríbenos de inmediato a hola@cartasdelvalle.mx");
      expect(part).toContain("Si fuiste tú, no tienes que hacer nada.");
    }
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("escapes the name", () => {
    const hostile = emailChangedMail({ name: "<b>Eva</b>", newEmail: "x@y.mx", changedAt: new Date() });
    expect(hostile.html).not.toContain("<b>Eva");
    expect(hostile.html).toContain("Hola &lt;b&gt;Eva&lt;/b&gt;,");
  });
});

describe("maskEmail", () => {
  it("keeps the first and last letters of the name and the whole domain", () => {
    expect(maskEmail("ana.lopez@gmail.com")).toBe("a***z@gmail.com");
    expect(maskEmail("ab@x.mx")).toBe("a***@x.mx");
    expect(maskEmail("a@x.mx")).toBe("a***@x.mx");
    expect(maskEmail("sin-arroba")).toBe("***");
  });
});

describe("'Confirma tu aviso' (a guest's back-in-stock alert)", () => {
  const confirmUrl = "https://cartasdelvalle.mx/alertas/confirmar/abc";
  const mail = stockAlertConfirmMail({ itemName: "Pikachu ex (Ligeramente jugada · Japonés)", confirmUrl, days: 7 });

  it("says what was asked for, gives the one link, how long it lasts, and that nothing comes without it", () => {
    expect(mail.subject).toBe("Confirma tu aviso - Cartas del Valle");
    expect(mail.html).toContain("Confirma tu aviso</h1>");
    expect(mail.text).toContain("cuando vuelva Pikachu ex (Ligeramente jugada · Japonés)");
    expect(mail.html).toContain(`<a href="${confirmUrl}"`);
    expect(mail.text).toContain(`\n${confirmUrl}\n`);
    expect(mail.text).toContain("válido durante 7 días y solo puede usarse una vez");
    expect(mail.text).toContain("Si no lo pediste, ignora este correo: sin confirmar no te escribiremos.");
  });

  it("escapes the product's name", () => {
    const hostile = stockAlertConfirmMail({ itemName: "<img src=x onerror=alert(1)>", confirmUrl, days: 7 });
    expect(hostile.html).not.toContain("<img src=x");
    expect(hostile.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
