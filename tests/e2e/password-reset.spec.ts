/**
 * Password recovery end to end, JavaScript on and off: forgot → the e-mail
 * arrives at a real SMTP server → the link → new password (hints with JS, the
 * server's messages without) → signed in and home after 3 seconds; the link
 * then no longer works, and the new password logs in.
 */
import { expectNoViolations } from "./axe";
import { expectFieldError, expectSignedInAs, logIn, logOut, register, uniqueEmail } from "./accounts";
import { expect, test, waitForHydration } from "./helpers";
import { waitForMail } from "./mail";

test("forgot password → e-mail → reset → signed in", async ({ page, visit, js }) => {
  // Two bcrypt hashes, an e-mail through SMTP and seven page loads: slow while the unit suite shares the machine.
  test.slow();
  const user = { name: "Paula Reyes", email: uniqueEmail("olvido"), password: "vieja123" };
  await register(page, visit, user);
  await logOut(page);

  await visit("/login");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Olvidaste tu contraseña?");
  if (js) await waitForHydration(page);
  await expectNoViolations(page, "/forgot-password", { soft: true });
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisa tu correo");
  // The page's answer (the shop's site-wide notice region, empty here, is a status too).
  const answer = page.getByRole("status").filter({ hasText: "Si existe una cuenta con" });
  await expect(answer).toContainText(user.email);
  await expect(answer).toContainText("spam");
  await expect(page.getByRole("link", { name: "Volver a Iniciar Sesión" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Intentar con otro correo" })).toBeVisible();

  const mail = await waitForMail(user.email);
  expect(mail.subject).toBe("Restablece tu contraseña - Cartas del Valle");
  expect(mail.text).toContain("Hola Paula Reyes");
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
  expect(link, "the e-mail carries the reset link").toBeTruthy();
  expect(mail.html).toContain(link!);
  const resetPath = new URL(link!).pathname;

  const resetPage = await visit(resetPath);
  // The link is a secret: the page is never cached, and other sites get the origin only as a referrer.
  expect(resetPage.headers()["cache-control"]).toBe("private, no-store");
  expect(resetPage.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restablecer contraseña");
  await expect(page.getByText("Hola, Paula Reyes.")).toBeVisible();
  await expectNoViolations(page, "/reset-password", { soft: true });
  const password = page.getByLabel("Nueva contraseña");
  const confirm = page.getByLabel("Confirmar contraseña");
  const submit = page.getByRole("button", { name: "Cambiar contraseña" });

  await password.fill("nueva456");
  await confirm.fill("nueva457");
  if (js) {
    // Live hints, the submit disabled until both match, and show/hide toggles.
    await expect(page.getByText("Las contraseñas no coinciden")).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByRole("button", { name: "Mostrar nueva contraseña" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Ocultar nueva contraseña" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await password.fill("corta");
    await confirm.fill("corta");
    await expect(page.getByText("✓ Las contraseñas coinciden")).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectFieldError(password, "La contraseña debe tener al menos 6 caracteres");
  } else {
    // Without JavaScript the server gives the same messages, each next to its field.
    await submit.click();
    await expectFieldError(confirm, "Las contraseñas no coinciden");
    await page.getByLabel("Nueva contraseña").fill("corta");
    await page.getByLabel("Confirmar contraseña").fill("corta");
    await submit.click();
    await expectFieldError(password, "La contraseña debe tener al menos 6 caracteres");
    // A short password that does not match either: both messages at once, each on its field.
    await page.getByLabel("Nueva contraseña").fill("corta");
    await page.getByLabel("Confirmar contraseña").fill("otra");
    await submit.click();
    await expectFieldError(password, "La contraseña debe tener al menos 6 caracteres");
    await expectFieldError(confirm, "Las contraseñas no coinciden");
  }

  await page.getByLabel("Nueva contraseña").fill("nueva456");
  await page.getByLabel("Confirmar contraseña").fill("nueva456");
  await submit.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Contraseña actualizada!");
  // Home after 3 seconds (a timer with JavaScript, a meta refresh without), signed in.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  if (js) await waitForHydration(page);
  await expectSignedInAs(page, user.name);

  // The link was single-use.
  await visit(resetPath);
  await expect(page.getByRole("alert")).toHaveText("Token inválido o expirado");
  await page.getByRole("link", { name: "Solicitar nuevo enlace" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The old password no longer works; the new one does.
  await logOut(page);
  await logIn(page, visit, user.email, user.password);
  await expect(page.getByRole("alert")).toHaveText("Correo electrónico o contraseña incorrectos");
  await logIn(page, visit, user.email, "nueva456");
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInAs(page, user.name);
});

test("an unknown e-mail gets the same answer, another e-mail can be tried, and a made-up link says the token is invalid", async ({
  page,
  visit,
}) => {
  const email = uniqueEmail("nadie");
  await visit("/forgot-password");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisa tu correo");
  await expect(page.getByRole("status").filter({ hasText: "Si existe una cuenta con" })).toContainText(email);
  await page.getByRole("link", { name: "Intentar con otro correo" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Olvidaste tu contraseña?");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("");

  const response = await visit(`/reset-password/${"A".repeat(43)}`);
  expect(response.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Token inválido o expirado");
  await expect(page.getByRole("link", { name: "Solicitar nuevo enlace" })).toBeVisible();
});
