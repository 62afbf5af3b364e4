/**
 * The header's account menu and points chip, and the product list's loyalty
 * banner (docs/requirements.md#loyalty-points), rendered on the server as a visitor, as a customer without
 * points, as a customer with points and as an admin.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LoyaltyBanner } from "./LoyaltyBanner";
import { SiteHeader } from "./SiteHeader";

type User = { name: string; points: number; isAdmin: boolean } | null;

function renderHeader(user: User): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: SiteHeader }]);
  const rootData = { origin: "http://tienda.test", cart: { count: 0, quantities: {} }, user };
  return renderToString(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: rootData } }} />);
}

function renderBanner(user: { points: number } | null): string {
  const Stub = createRoutesStub([{ path: "/productos", Component: () => <LoyaltyBanner user={user} /> }]);
  return renderToString(<Stub initialEntries={["/productos"]} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("header", () => {
  it("a visitor gets 'Iniciar Sesión' and 'Crear Cuenta', and no points chip", () => {
    const html = renderHeader(null);
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/registro"');
    expect(text(html)).not.toContain("Mi Perfil");
    expect(html).not.toContain("points-chip");
  });

  it("a customer with points: greeting, points, profile and orders links, chip to the points tab, no admin link", () => {
    const html = renderHeader({ name: "Ana <b>López</b>", points: 42, isAdmin: false });
    expect(text(html)).toContain("Hola, Ana &lt;b&gt;López&lt;/b&gt;"); // the name is escaped, never markup
    expect(html).not.toContain("<b>López</b>");
    expect(text(html)).toContain("42 puntos");
    expect(html).toMatch(/href="\/perfil\?tab=puntos"[^>]*class="points-chip"|class="points-chip"[^>]*href="\/perfil\?tab=puntos"/);
    expect(html).toContain('href="/perfil"');
    expect(html).toContain('href="/mis-pedidos"');
    expect(text(html)).toContain("Cerrar Sesión");
    expect(text(html)).not.toContain("Panel Admin");
  });

  it("no chip at zero points; admins get 'Panel Admin'", () => {
    const html = renderHeader({ name: "Dueña", points: 0, isAdmin: true });
    expect(html).not.toContain("points-chip");
    expect(html).toContain('href="/admin"');
    expect(text(html)).toContain("Panel Admin");
  });
});

describe("loyalty banner", () => {
  it("logged out: the 1% rule and 'Crear Cuenta' to /registro", () => {
    const html = renderBanner(null);
    expect(text(html)).toContain("1% de cada compra en puntos");
    expect(html).toMatch(/href="\/registro"[^>]*>Crear Cuenta</);
  });

  it("logged in without points: 'Comprar Ahora' to /productos", () => {
    const html = renderBanner({ points: 0 });
    expect(html).toMatch(/href="\/productos"[^>]*>Comprar Ahora</);
    expect(text(html)).not.toContain("Crear Cuenta");
  });

  it("logged in with points: the balance rounded down and 'Ver mis puntos' to /perfil", () => {
    const html = renderBanner({ points: 57.9 });
    expect(text(html)).toContain("Tienes 57 puntos");
    expect(html).toMatch(/href="\/perfil"[^>]*>Ver mis puntos</);
  });
});
