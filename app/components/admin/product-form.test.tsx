/**
 * The product form: its image rows with JavaScript (pure steps), and the markup a browser without
 * JavaScript gets (five image rows, the gallery as a select, errors tied to their fields).
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EMPTY_PRODUCT_FORM } from "#domain/product-form.ts";
import { addImageRow, initialImageRows, insertImage, removeImageRow, setImageRow } from "./image-rows";
import { ProductForm } from "./ProductForm";

describe("image rows", () => {
  it("start with the given images (blanks dropped), at least one row", () => {
    expect(initialImageRows([])).toEqual({ rows: ["", "", "", "", ""], count: 1 });
    expect(initialImageRows(["", "/a.webp", " ", "https://x.example/b.jpg"])).toEqual({
      rows: ["/a.webp", "https://x.example/b.jpg", "", "", ""],
      count: 2,
    });
  });

  it("a gallery image goes into the first empty row, else a new row, never a sixth", () => {
    let state = setImageRow(addImageRow(initialImageRows(["/a.webp"])), 1, "");
    state = insertImage(state, "/media/imagenes/1/imagen.webp")!;
    expect(state).toEqual({ rows: ["/a.webp", "/media/imagenes/1/imagen.webp", "", "", ""], count: 2 });
    state = insertImage(state, "/media/imagenes/2/imagen.webp")!;
    expect(state.count).toBe(3);
    state = insertImage(insertImage(state, "/c")!, "/d")!;
    expect(state.rows).toEqual(["/a.webp", "/media/imagenes/1/imagen.webp", "/media/imagenes/2/imagen.webp", "/c", "/d"]);
    expect(insertImage(state, "/e")).toBeNull();
    expect(addImageRow(state).count).toBe(5);
  });

  it("removing a row moves the rows below up; the last row only empties", () => {
    const state = initialImageRows(["/a", "/b", "/c"]);
    expect(removeImageRow(state, 0)).toEqual({ rows: ["/b", "/c", "", "", ""], count: 2 });
    expect(removeImageRow(initialImageRows(["/a"]), 0)).toEqual({ rows: ["", "", "", "", ""], count: 1 });
  });
});

function render(props: Partial<Parameters<typeof ProductForm>[0]> = {}): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/agregar-producto",
      Component: () => <ProductForm mode="new" values={EMPTY_PRODUCT_FORM} failure={undefined} gallery={[]} {...props} />,
    },
  ]);
  return renderToString(<Stub initialEntries={["/admin/agregar-producto"]} />);
}

describe("the form without JavaScript", () => {
  it("shows five image rows and no add/remove buttons", () => {
    const html = render({ values: { ...EMPTY_PRODUCT_FORM, images: ["https://x.example/a.jpg"] } });
    expect(html.match(/name="images"/g)).toHaveLength(5);
    expect(html).toContain('value="https://x.example/a.jpg"');
    expect(html).not.toContain("Agregar imagen");
    expect(html).not.toContain("Quitar");
  });

  it("offers the gallery as a select whose choice the server adds", () => {
    const html = render({ gallery: [{ id: "abc", originalName: "mew.png", path: "/media/imagenes/abc/imagen.webp" }] });
    expect(html).toContain('name="galleryImage"');
    expect(html).toContain('<option value="/media/imagenes/abc/imagen.webp">mew.png</option>');
    expect(render()).toContain("La galería está vacía");
  });

  it("ties each message to its field, and shows the form's own message", () => {
    const html = render({
      failure: {
        fieldErrors: { "variants.0.salePrice": ["El precio de oferta debe ser menor al precio normal"] },
        formError: "Error al agregar producto",
        values: {},
      },
    });
    expect(html).toMatch(
      /id="producto-variante-1-salePrice"[^>]*aria-invalid="true"[^>]*aria-describedby="producto-variante-1-salePrice-error"/,
    );
    expect(html).toContain(
      '<p id="producto-variante-1-salePrice-error" class="form-error field-error">El precio de oferta debe ser menor al precio normal</p>',
    );
    expect(html).toContain('<p class="form-error" role="alert">Error al agregar producto</p>');
  });

  it("shows one fieldset per variant row with its fields named variants.{i}.…, and the rows' buttons as submit buttons", () => {
    const row = { id: "", condition: "LP", language: "ja", price: "90", salePrice: "", stock: "2" };
    const one = render();
    expect(one).toContain("<legend>Variantes</legend>");
    expect(one).toMatch(/<button type="submit" value="add-variant"[^>]*name="intent"[^>]*>Agregar variante<\/button>/);
    // A lone row can't be taken out.
    expect(one).not.toContain("Quitar variante");
    const two = render({ values: { ...EMPTY_PRODUCT_FORM, variants: [EMPTY_PRODUCT_FORM.variants[0]!, row] } });
    expect(two).toContain("<legend>Variante 2</legend>");
    expect(two).toMatch(/name="variants.1.condition"/);
    expect(two).toMatch(/<option value="LP" selected="">LP · Ligeramente jugada<\/option>/);
    expect(two).toMatch(/<option value="ja" selected="">Japonés<\/option>/);
    expect(two).toMatch(/name="variants.1.price"[^>]*value="90"/);
    expect(two).toMatch(/<button type="submit" value="remove-variant-1"[^>]*name="intent"[^>]*>Quitar variante 2<\/button>/);
    // Enter in a field saves: the first submit button of the form is a save.
    expect(two.match(/<button type="submit"[^>]*>/)?.[0]).toContain('value="save"');
  });

  it("a sealed product's rows offer only 'Nuevo'; its rarity and type say they are a single's only", () => {
    const html = render({ values: { ...EMPTY_PRODUCT_FORM, category: "Producto Sellado" } });
    const condition = /<select[^>]*name="variants.0.condition"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? "";
    expect(condition.match(/<option/g)).toHaveLength(1);
    expect(condition).toContain('value="NEW"');
    expect(html).toContain("Solo para cartas individuales");
  });

  it("shows every message of a field, an image's next to its row, and 'Revisa los campos marcados.' once", () => {
    const html = render({
      values: { ...EMPTY_PRODUCT_FORM, images: ["https://x.example/a.jpg", "javascript:alert(1)"] },
      failure: {
        fieldErrors: { name: ["El nombre es requerido", "El texto contiene caracteres no permitidos"], "images.1": ["Imagen mala"] },
        values: {},
      },
    });
    expect(html).toMatch(
      /<ul id="producto-name-error" class="field-errors"><li[^>]*>El nombre es requerido<\/li><li[^>]*>El texto contiene/,
    );
    expect(html).toMatch(/id="producto-imagen-2"[^>]*aria-describedby="producto-imagen-2-error"/);
    expect(html).toMatch(/id="producto-imagen-2"[^>]*aria-invalid="true"/);
    expect(html).toContain('<p id="producto-imagen-2-error" class="form-error field-error">Imagen mala</p>');
    expect(html).not.toMatch(/id="producto-imagen-1"[^>]*aria-invalid/);
    expect(html.match(/Revisa los campos marcados\./g)).toHaveLength(1);
  });
});
