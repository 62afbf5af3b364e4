/**
 * Every screen on narrow phones (360 and 390 px wide), with and without
 * JavaScript: nothing sticks out sideways (the page does not scroll
 * horizontally) and every visible label, heading, button, link and text block
 * lies inside the screen, and no box holds content wider than itself, so no
 * text is cut off at an edge (except a row made to scroll sideways: the
 * profile's tabs).
 *
 * Mobile emulation widens the layout viewport to fit content that overflows
 * (window.innerWidth grows with it), so the checks compare with the width the
 * test set, not with window.innerWidth.
 */
import type { Locator, Page } from "@playwright/test";
import { register, uniqueEmail } from "./accounts";
import { expectNoViolations } from "./axe";
import { cartPost, expect, filterPanel, openFilters, openProductBySearch, productCards, resultCount, test, totalResults } from "./helpers";
import { formatCount } from "#domain/format.ts";

/** Elements that carry text a shopper reads or taps. */
const TEXT_ELEMENTS = "label, h1, h2, h3, h4, h5, h6, button, a, summary, legend, p, li, dt, dd, th, td, caption, select, input, textarea";

/** What sticks out of a `width`-px-wide screen, as readable lines (empty when everything fits). */
async function outsideTheScreen(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    ({ width, selector }) => {
      const problems: string[] = [];
      /**
       * The element or one of its ancestors is a box made to scroll sideways: it snaps along x (a box
       * that only scrolls down, like the filter slide-over, computes overflow-x auto too, and is checked).
       */
      const scrollsSideways = (el: Element | null): boolean => {
        for (let at = el; at && at !== document.body; at = at.parentElement) {
          const style = getComputedStyle(at);
          if (["auto", "scroll"].includes(style.overflowX) && /\b(x|inline|both)\b/.test(style.scrollSnapType)) return true;
        }
        return false;
      };
      const { scrollWidth } = document.documentElement;
      if (scrollWidth > width) problems.push(`the page is ${scrollWidth}px wide (scrolls sideways)`);
      if (window.innerWidth !== width) problems.push(`the layout viewport grew to ${window.innerWidth}px`);
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        // Not presented: hidden, inside an aria-hidden subtree (the bots' honeypot), or visually hidden (1×1 px).
        if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"]')) continue;
        // A row that scrolls sideways on purpose (the profile's tabs) holds what is outside the screen.
        if (scrollsSideways(el.parentElement)) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
          problems.push(`<${el.tagName.toLowerCase()}> "${text}" spans ${Math.round(box.left)}..${Math.round(box.right)}px`);
        }
      }
      // Content wider than its own box spills out of it, or is cut off where the box hides overflow.
      for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
        if (el.scrollWidth <= el.clientWidth + 1 || ["SELECT", "INPUT", "TEXTAREA"].includes(el.tagName)) continue;
        if (scrollsSideways(el)) continue;
        // Inline boxes have no clientWidth; 1-px boxes are visually hidden on purpose (screen-reader text).
        if (getComputedStyle(el).display === "inline" || el.clientWidth <= 1) continue;
        if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"]')) continue;
        const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
        problems.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${text}" holds ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
      return problems;
    },
    { width, selector: TEXT_ELEMENTS },
  );
}

/** Retried until the layout settles (the filter slide-over slides in for 0.2 s). */
async function expectFits(page: Page, width: number, label: string): Promise<void> {
  await expect.poll(() => outsideTheScreen(page, width), { message: `${label} at ${width}px` }).toEqual([]);
}

/**
 * WCAG contrast ratio of an element's text colour against the first opaque background behind it
 * (axe-core leaves elements that overlap others, like an open menu, "incomplete").
 */
async function contrastRatio(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R = 0, G = 0, B = 0] = [r, g, b].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    let behind: Element | null = el;
    while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] ?? 1) === 0) behind = behind.parentElement;
    const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(rgb(getComputedStyle(behind ?? document.body).backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

const PUBLIC_PAGES = [
  "/carrito",
  "/login",
  "/registro",
  "/forgot-password",
  "/reset-password/x",
  "/terminos",
  "/privacidad",
  "/garantia",
  "/envios",
  "/esta-pagina-no-existe",
];

for (const width of [360, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Each test walks through many pages.
    test.slow();

    test("the product list, a product and the public pages fit", async ({ page, visit, js }) => {
      for (const path of ["/", "/productos?sortBy=price&order=desc"]) {
        await visit(path);
        await expect(productCards(page)).toHaveCount(24);
        // The sort control sits at the right edge; its label was pushed off the left one.
        await expect.soft(page.getByText("Ordenar por", { exact: true }), `'Ordenar por' on ${path}`).toBeInViewport({ ratio: 1 });
        await expectFits(page, width, `${path} (filters closed)`);
        await openFilters(page, js);
        await expectFits(page, width, `${path} (filters open)`);
      }

      await openProductBySearch(
        page,
        visit,
        "Caja de 36 sobres (Booster Box) de Phantasmal Flames",
        "Caja de 36 sobres (Booster Box) de Phantasmal Flames",
      );
      await expectFits(page, width, "a product with a long name");

      for (const path of PUBLIC_PAGES) {
        await visit(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectFits(page, width, path);
      }
    });

    test("the cart with items and the signed-in pages fit", async ({ page, visit }) => {
      // A long name, as some customers have, in the greeting of the user menu.
      await register(page, visit, {
        name: "María Guadalupe Hernández de la Fuente",
        email: uniqueEmail(`telefono${width}`),
        password: "secreto1",
      });
      for (const [term, name] of [
        ["199/165", "Charizard ex"],
        ["Caja de 36 sobres (Booster Box) de Phantasmal Flames", "Caja de 36 sobres (Booster Box) de Phantasmal Flames"],
      ] as const) {
        await openProductBySearch(page, visit, term, name);
        await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
      }
      await visit("/carrito");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
      await expectFits(page, width, "/carrito with items");

      // Two saved addresses (a long street; the second one has every button of the list).
      await visit("/perfil?tab=direcciones");
      for (const address of [
        {
          street: "Avenida Insurgentes Sur 1234 Interior 5B, Colonia del Valle Centro",
          city: "Ciudad de México",
          state: "Ciudad de México",
          zip: "03100",
        },
        { street: "Calle 5 de Mayo 12", city: "Puebla", state: "Puebla", zip: "72000" },
      ]) {
        await page.getByLabel("Calle y número").fill(address.street);
        await page.getByLabel("Ciudad").fill(address.city);
        await page.getByLabel("Estado").selectOption(address.state);
        await page.getByLabel("Código postal").fill(address.zip);
        await page.getByRole("button", { name: "Agregar dirección" }).click();
        await expect(page.getByText(address.street)).toBeVisible();
      }

      for (const path of [
        "/perfil?tab=informacion",
        "/perfil?tab=contrasena",
        "/perfil?tab=direcciones",
        "/perfil?tab=puntos",
        "/mis-pedidos",
      ]) {
        await visit(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectFits(page, width, path);
      }

      // The open user menu (a <details>, with and without JavaScript): the greeting is inside the screen.
      await page.getByLabel("Menú de usuario").click();
      await expect(page.getByText("Hola, María Guadalupe Hernández de la Fuente")).toBeInViewport({ ratio: 1 });
      await expectFits(page, width, "the open user menu");
      // …and readable: its text once inherited the header's white, on the menu's white.
      expect(await contrastRatio(page.locator(".user-menu-greeting")), "contrast of the greeting").toBeGreaterThanOrEqual(4.5);
    });
  });
}

/**
 * The filter drawer on a short phone: its result button is in sight as soon as it opens (not at the
 * end of the long list of filters), says how many results the chosen filters give (with JavaScript
 * the count follows each change; without, the form's submit reads 'Ver resultados'), and closes the
 * drawer onto the filtered list.
 */
test.describe("the filter drawer at 360 px", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("its 'Ver N resultados' button is in sight, counts the results and closes the drawer", async ({ page, visit, js }) => {
    await visit("/productos");
    const panel = await openFilters(page, js);
    const results = panel.getByRole("button", { name: /^Ver / });
    const countShown = async () => `Ver ${formatCount(await totalResults(page))} resultados`;
    await expect(results).toBeInViewport({ ratio: 1 });
    if (js) await expect(results).toHaveText(await countShown());
    else await expect(results).toHaveText("Ver resultados");
    await expectNoViolations(page, "/productos (filtros abiertos)");

    await panel.getByRole("radio", { name: "Illustration Rare", exact: true }).click();
    if (js) {
      await expect(page).toHaveURL((url) => url.searchParams.get("rarity") === "Illustration Rare");
      await expect.poll(async () => (await results.textContent()) === (await countShown())).toBe(true);
      await expect(results).toHaveText(/^Ver \d{1,3}(,\d{3})* resultados$/);
    }
    await expect(results).toBeInViewport({ ratio: 1 });
    await results.click();
    await expect(filterPanel(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.searchParams.get("rarity") === "Illustration Rare" && url.hash === "");
    await expect(resultCount(page)).toBeInViewport();
    for (const tag of await productCards(page).locator(".tags").all()) await expect(tag).toContainText("Illustration Rare");
  });
});

test.describe("the profile's tabs at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("are one row that scrolls sideways, the current tab in sight", async ({ page, visit }) => {
    await register(page, visit, { name: "Tomás Pestañas", email: uniqueEmail("pestanas"), password: "secreto1" });
    for (const [tab, label] of [
      ["informacion", "Información personal"],
      ["lista-de-deseos", "Lista de deseos"],
    ] as const) {
      await visit(`/perfil?tab=${tab}`);
      const tabs = page.getByRole("navigation", { name: "Secciones de mi perfil" }).getByRole("link");
      await expect(tabs).toHaveCount(5);
      const boxes = await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect()).map((r) => [r.top, r.height]));
      expect(new Set(boxes.map(([top]) => Math.round(top!))).size, `one row on ${tab}`).toBe(1);
      expect(new Set(boxes.map(([, height]) => Math.round(height!))).size, `one height on ${tab}`).toBe(1);
      await expect(tabs.and(page.locator('[aria-current="page"]'))).toHaveText(label);
      await expect(tabs.and(page.locator('[aria-current="page"]'))).toBeInViewport({ ratio: 1 });
      await expectFits(page, 360, `/perfil?tab=${tab}`);
    }
    await expectNoViolations(page, "/perfil?tab=lista-de-deseos (360 px)");
  });
});
