/**
 * Accounts, JS on and off: register → greeting in the user menu → 'Cerrar
 * Sesión' → log in again; the errors come back in Spanish with the e-mail kept;
 * a guest's cart survives logging in.
 */
import { expectFieldError, logIn, logOut, openUserMenu, register, uniqueEmail } from "./accounts";
import { cartBadge, cartPost, expect, productCards, reloadPage, test } from "./helpers";
import { expectNoViolations } from "./axe";
import { PASSWORD_MIN_LENGTH } from "#domain/forms.ts";

test("register, log out and log in again", async ({ page, visit }) => {
  const email = uniqueEmail("registro");
  await visit("/registro");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear Cuenta");
  await page.getByLabel("Nombre").fill("Ana López");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Teléfono (opcional)").fill("5512345678");
  await page.getByLabel("Contraseña").fill("secreto1");
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await expect(page).toHaveURL(/\/$/);

  await openUserMenu(page);
  await expect(page.getByText("Hola, Ana López")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mi Perfil" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Mis Pedidos" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Panel Admin" })).toHaveCount(0);
  await page.getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Hola, Ana López")).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();

  await page.getByRole("link", { name: "Iniciar Sesión" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("secreto1");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await openUserMenu(page);
  await expect(page.getByText("Hola, Ana López")).toBeVisible();
});

test("errors come back in Spanish with the e-mail kept, and switching mode clears them", async ({ page, visit }) => {
  await visit("/login");
  const email = uniqueEmail("nadie");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("incorrecta");
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("Correo electrónico o contraseña incorrectos");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  await page.getByRole("main").getByRole("link", { name: "Crear Cuenta" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear Cuenta");
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a registration refused for several fields shows every message next to its field, the values kept", async ({ page, visit }) => {
  await visit("/registro");
  // What a browser without validation (or a hand-made post) sends: the server answers each field.
  await page.locator("form.auth-form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Nombre").fill("Ana López");
  await page.getByLabel("Correo electrónico").fill("ana@");
  await page.getByLabel("Teléfono (opcional)").fill("123");
  await page.getByLabel("Contraseña").fill("123");
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await expectFieldError(page.getByLabel("Correo electrónico"), "Ingresa un correo electrónico válido");
  await expectFieldError(page.getByLabel("Teléfono (opcional)"), "El teléfono debe tener 10 dígitos");
  await expectFieldError(page.getByLabel("Contraseña"), "La contraseña debe tener al menos 6 caracteres");
  await expect(page.getByLabel("Nombre")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nombre")).toHaveValue("Ana López");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("ana@");
  // The first field at fault takes the focus, so its message is read out: without JavaScript the page is new and the
  // field has autoFocus; with JavaScript the form stays on the page and the focus is moved there.
  await expect(page.getByLabel("Correo electrónico")).toBeFocused();
});

test("a guest's cart is kept after logging in", async ({ page, visit }) => {
  const email = uniqueEmail("carrito");
  await register(page, visit, { name: "Luis", email, password: "secreto1" });
  await logOut(page);

  await visit(`/productos?${new URLSearchParams({ search: "191/165" })}`);
  const card = productCards(page);
  await expect(card).toHaveCount(1);
  await cartPost(page, () => card.getByRole("button", { name: /^Agregar: / }).click());
  await expect(cartBadge(page)).toHaveText("1");

  await logIn(page, visit, email, "secreto1");
  await expect(page).toHaveURL(/\/$/);
  await expect(cartBadge(page)).toHaveText("1");
});

test("registration states the password rule under the field, before the browser refuses", async ({ page, visit }) => {
  await visit("/registro");
  const password = page.getByLabel("Contraseña");
  await expect(password).toHaveAccessibleDescription(`Mínimo ${PASSWORD_MIN_LENGTH} caracteres`);
  await expect(page.getByText(`Mínimo ${PASSWORD_MIN_LENGTH} caracteres`)).toBeVisible();
  await expectNoViolations(page, "/registro (con la regla de la contraseña)");
  // Signing in has no such hint (the rule is the registration's).
  await visit("/login");
  await expect(page.getByLabel("Contraseña")).toHaveAccessibleDescription("");
});

test("a new customer lands on the home page welcomed by name, once", async ({ page, visit, js }) => {
  await visit("/registro");
  await page.getByLabel("Nombre").fill("Rosa Bienvenida");
  await page.getByLabel("Correo electrónico").fill(uniqueEmail("bienvenida"));
  await page.getByLabel("Contraseña").fill("secreto1");
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "Bienvenido" })).toHaveText("Bienvenido, Rosa Bienvenida: tu cuenta está lista");
  await expectNoViolations(page, "/ (bienvenida)", { shownOnce: true });

  // A welcome is said once: the next page does not repeat it.
  await reloadPage(page, js);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("tu cuenta está lista")).toHaveCount(0);
});
