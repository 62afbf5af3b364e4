/**
 * The profile, JavaScript on and off: a visitor is sent to log in and comes
 * back; personal information, password change, addresses (add, default,
 * inline edit, delete with confirmation) and the points tab, with the Spanish
 * messages; no axe violations on any tab.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expectFieldError, expectSignedInAs, logIn, logOut, register, uniqueEmail } from "./accounts";
import { expect, test, waitForHydration } from "./helpers";
import { waitForMail } from "./mail";

const notice = (page: Page) => page.locator(".profile-status");
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Secciones de mi perfil" }).getByRole("link", { name });

async function fillAddress(scope: ReturnType<Page["locator"]>, a: { street: string; city: string; state: string; zip: string }) {
  await scope.getByLabel("Calle y número").fill(a.street);
  await scope.getByLabel("Ciudad").fill(a.city);
  await scope.getByLabel("Estado").selectOption(a.state);
  await scope.getByLabel("Código postal").fill(a.zip);
}

test("a visitor is sent to log in, then comes back to the profile", async ({ page, visit }) => {
  const user = { name: "Vera", email: uniqueEmail("vuelta"), password: "secreto1" };
  await register(page, visit, user);
  await logOut(page);
  await visit("/perfil?tab=puntos");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil%3Ftab%3Dpuntos$/);
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/perfil\?tab=puntos$/);
  await expect(page.getByRole("heading", { level: 2, name: "Mis puntos" })).toBeVisible();
  const orders = await visit("/mis-pedidos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis Pedidos");
  expect(orders.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByText("Aún no tienes pedidos.")).toBeVisible();
});

test("personal information and password", async ({ page, visit, js }) => {
  const user = { name: "Nora Díaz", email: uniqueEmail("perfil"), password: "secreto1" };
  const taken = { name: "Otra", email: uniqueEmail("ocupado"), password: "secreto1" };
  await register(page, visit, taken);
  await logOut(page);
  await register(page, visit, user);

  const profilePage = await visit("/perfil");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi Perfil");
  expect(profilePage.headers()["cache-control"]).toBe("private, no-store");
  await expect(tab(page, "Información personal")).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Nombre")).toHaveValue(user.name);
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
  await expectNoViolations(page, "/perfil", { soft: true });

  // Someone else's e-mail is refused (after the current password it needs), the typed values are kept.
  await page.getByLabel("Nombre").fill("Nora D. Ruiz");
  await page.getByLabel("Correo electrónico").fill(taken.email.toUpperCase());
  await page.getByLabel("Contraseña actual (necesaria para cambiar el correo)").fill(user.password);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expectFieldError(page.getByLabel("Correo electrónico"), "Ya existe una cuenta con este correo electrónico");
  await expect(page.getByLabel("Nombre")).toHaveValue("Nora D. Ruiz");

  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Teléfono (opcional)").fill("123");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expectFieldError(page.getByLabel("Teléfono (opcional)"), "El teléfono debe tener 10 dígitos");
  await page.getByLabel("Teléfono (opcional)").fill("5512345678");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(notice(page)).toHaveText("Perfil actualizado exitosamente");
  await expect(page.getByLabel("Nombre")).toHaveValue("Nora D. Ruiz");
  await expect(page.getByLabel("Teléfono (opcional)")).toHaveValue("5512345678");
  await expectSignedInAs(page, "Nora D. Ruiz");

  await visit("/perfil?tab=contrasena");
  await expect(page.getByRole("heading", { level: 2, name: "Cambiar contraseña" })).toBeVisible();
  await expectNoViolations(page, "/perfil?tab=contrasena", { soft: true });
  await page.getByLabel("Contraseña actual").fill("equivocada");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva456");
  await page.getByLabel("Confirmar nueva contraseña").fill("nueva456");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expectFieldError(page.getByLabel("Contraseña actual"), "La contraseña actual es incorrecta");
  await page.getByLabel("Contraseña actual").fill(user.password);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva456");
  await page.getByLabel("Confirmar nueva contraseña").fill("nueva457");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expectFieldError(page.getByLabel("Confirmar nueva contraseña"), "Las contraseñas no coinciden");
  await page.getByLabel("Contraseña actual").fill(user.password);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva456");
  await page.getByLabel("Confirmar nueva contraseña").fill("nueva456");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(notice(page)).toHaveText("Contraseña actualizada exitosamente");
  if (js) await waitForHydration(page);

  // Still signed in here; the new password is the one that works.
  await logOut(page);
  await logIn(page, visit, user.email, "nueva456");
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInAs(page, "Nora D. Ruiz");
});

test("changing the e-mail needs the current password, and the old address gets a notice", async ({ page, visit }) => {
  const user = { name: "Elena Ruiz", email: uniqueEmail("correo-anterior"), password: "secreto1" };
  const newEmail = uniqueEmail("correo-nuevo");
  await register(page, visit, user);
  await visit("/perfil");
  const password = page.getByLabel("Contraseña actual (necesaria para cambiar el correo)");
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");

  // The name alone needs no password.
  await page.getByLabel("Nombre").fill("Elena Ruiz Soto");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(notice(page)).toHaveText("Perfil actualizado exitosamente");

  // A new e-mail without the password, then with a wrong one: refused, the e-mail typed is kept.
  await page.getByLabel("Correo electrónico").fill(newEmail);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expectFieldError(password, "La contraseña actual es requerida");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(newEmail);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await password.fill("equivocada");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expectFieldError(password, "La contraseña actual es incorrecta");

  await page.getByLabel("Correo electrónico").fill(newEmail);
  await password.fill(user.password);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(notice(page)).toHaveText("Perfil actualizado exitosamente");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(newEmail);
  await expect(password).toHaveValue("");

  // The notice reaches the OLD address, with the new one masked.
  const mail = await waitForMail(user.email);
  expect(mail.subject).toBe("Se cambió el correo de tu cuenta - Cartas del Valle");
  const local = newEmail.slice(0, newEmail.indexOf("@"));
  const masked = `${local[0]}***${local[local.length - 1]}@example.com`;
  expect(mail.text).toContain(`Hola Elena Ruiz Soto, el correo electrónico de tu cuenta en Cartas del Valle se cambió a ${masked} el `);
  expect(mail.text).toContain("(hora del centro de México)");
  expect(mail.text).toContain("Si no fuiste tú");
  expect(mail.text).not.toContain(newEmail);
  expect(mail.html).toContain(masked);

  // The account now signs in with the new address.
  await logOut(page);
  await logIn(page, visit, newEmail, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInAs(page, "Elena Ruiz Soto");
});

test("addresses: add, one default, inline edit, delete with confirmation; points tab", async ({ page, visit, js }) => {
  await register(page, visit, { name: "Omar", email: uniqueEmail("direcciones"), password: "secreto1" });
  await visit("/perfil?tab=direcciones");
  await expect(page.getByText("Aún no tienes direcciones guardadas.")).toBeVisible();
  const addForm = page.getByRole("region", { name: "Agregar dirección" });

  // Server validation: a 4-digit zip code comes back with the values kept.
  await fillAddress(addForm, { street: "Av. Juárez 10", city: "Puebla", state: "Puebla", zip: "7200" });
  await addForm.getByLabel("Código postal").evaluate((el) => el.removeAttribute("pattern"));
  await addForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expectFieldError(addForm.getByLabel("Código postal"), "El código postal debe tener 5 dígitos");
  await expect(addForm.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");

  // Several fields at fault: every message at once, each next to its field.
  await addForm.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await addForm.getByLabel("Calle y número").fill("");
  await addForm.getByLabel("Ciudad").fill("");
  await addForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expectFieldError(addForm.getByLabel("Calle y número"), "La calle es requerida");
  await expectFieldError(addForm.getByLabel("Ciudad"), "La ciudad es requerida");
  await expectFieldError(addForm.getByLabel("Código postal"), "El código postal debe tener 5 dígitos");
  await expect(addForm.getByLabel("Estado")).toHaveValue("Puebla");

  await addForm.getByLabel("Calle y número").fill("Av. Juárez 10");
  await addForm.getByLabel("Ciudad").fill("Puebla");
  await addForm.getByLabel("Código postal").fill("72000");
  await addForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(notice(page)).toHaveText("Dirección agregada exitosamente");
  await expect(page.getByText("Tienes 1 dirección guardada")).toBeVisible();
  const cards = page.locator(".address-card");
  await expect(cards.filter({ hasText: "Av. Juárez 10" })).toContainText("Predeterminada");

  await fillAddress(addForm, { street: "Calle 5 de Mayo 22", city: "Mérida", state: "Yucatán", zip: "97000" });
  await addForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(notice(page)).toHaveText("Dirección agregada exitosamente");
  await expect(page.getByText("Tienes 2 direcciones guardadas")).toBeVisible();
  await expect(page.getByText("Predeterminada", { exact: true })).toHaveCount(1);
  await expectNoViolations(page, "/perfil?tab=direcciones", { soft: true });

  await page.getByRole("button", { name: "Establecer como predeterminada la dirección Calle 5 de Mayo 22" }).click();
  await expect(notice(page)).toHaveText("Dirección predeterminada actualizada");
  await expect(cards.filter({ hasText: "Calle 5 de Mayo 22" })).toContainText("Predeterminada");
  await expect(page.getByText("Predeterminada", { exact: true })).toHaveCount(1);

  await page.getByRole("link", { name: "Editar dirección Av. Juárez 10" }).click();
  const editForm = page.getByRole("form", { name: "Editar dirección" });
  await expect(editForm.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");
  await editForm.getByLabel("Calle y número").fill("Av. Juárez 12");
  await editForm.getByRole("button", { name: "Guardar dirección" }).click();
  await expect(notice(page)).toHaveText("Dirección actualizada exitosamente");
  await expect(cards.filter({ hasText: "Av. Juárez 12" })).toHaveCount(1);

  // Deleting the default asks first and hands the default to the other address.
  const remove = page.getByRole("button", { name: "Eliminar dirección Calle 5 de Mayo 22" });
  if (js) {
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("¿Estás seguro de eliminar esta dirección?");
      void dialog.accept();
    });
    await remove.click();
  } else {
    await page.getByRole("link", { name: "Eliminar dirección Calle 5 de Mayo 22" }).click();
    await expect(page.getByText("¿Estás seguro de eliminar esta dirección?")).toBeVisible();
    await remove.click();
  }
  await expect(notice(page)).toHaveText("Dirección eliminada exitosamente");
  await expect(page.getByText("Tienes 1 dirección guardada")).toBeVisible();
  await expect(cards.filter({ hasText: "Av. Juárez 12" })).toContainText("Predeterminada");

  // With JavaScript the tab loads by a data request, which is just as private as the page.
  const dataRequest = js ? page.waitForResponse((r) => new URL(r.url()).pathname === "/perfil.data") : null;
  await tab(page, "Puntos").click();
  await expect(page.getByRole("heading", { level: 2, name: "Mis puntos" })).toBeVisible();
  if (dataRequest) expect((await dataRequest).headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByTestId("points-balance")).toHaveText("0");
  await expect(page.getByText("Ganas el 1% de cada compra en puntos.")).toBeVisible();
  await expect(page.getByText("Aún no tienes movimientos de puntos.")).toBeVisible();
  await expectNoViolations(page, "/perfil?tab=puntos", { soft: true });
});
