/**
 * The admin's image gallery (docs/requirements.md#admin-area)
 * and its image responses: real pictures made with sharp go through the screen's action, are
 * checked by decoding, stored with their WebP variants, served from /media/imagenes/{id}/imagen.webp
 * with immutable caching, and gone (404) once deleted. Non-admins write nothing.
 */
import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { expect, it } from "vitest";
import * as galleryRoute from "#app/routes/admin/galeria.tsx";
import { bodyLimitFor } from "#server/app.ts";
import * as mediaRoute from "#app/routes/media.imagenes.$id.$file.ts";
import * as productRoute from "#app/routes/producto.tsx";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { registerUser } from "#server/accounts/users.server.ts";
import { images, imageVariants } from "#server/db/schema.ts";
import { cleanOriginalName, variantWidths } from "#server/images/decode.server.ts";
import { galleryImagePath, listImages } from "#server/images/gallery.server.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { IMAGE_WIDTHS } from "#domain/images.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { TEST_ORIGIN, callAction, callLoader, get, runLoader, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const GALLERY = "/admin/galeria";
let n = 0;

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function jpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#d33" } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The gallery's upload form as a browser posts it (multipart, the file under `imagen`). */
function uploadRequest(cookie: string | null, file: { bytes: Uint8Array; name: string; type: string } | null): Request {
  const form = new FormData();
  form.set("intent", "upload");
  // A form without a chosen file sends an empty, nameless part.
  form.set(
    "imagen",
    file ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type }) : new File([], "", { type: "application/octet-stream" }),
  );
  return new Request(TEST_ORIGIN + GALLERY, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

function deleteRequest(cookie: string | null, imageId: string): Request {
  return new Request(TEST_ORIGIN + GALLERY, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ intent: "delete", imageId }).toString(),
  });
}

describeEachDatabase("image gallery", (t) => {
  const run = (request: Request) => callAction<FormFailure>(galleryRoute, request, { db: t.db });
  const media = (path: string, headers: Record<string, string> = {}) => {
    const url = new URL(TEST_ORIGIN + path);
    const [, , , id, file] = url.pathname.split("/");
    return runLoader(mediaRoute, get(path, headers), { db: t.db, params: { id, file } });
  };
  const mediaWith = (params: { id?: string; file?: string }, query = "") =>
    runLoader(mediaRoute, get(`/media/imagenes/x/y${query}`), { db: t.db, params });

  async function customerCookie() {
    const account = await registerUser(t.db, {
      name: "Galería",
      email: `galeria${++n}-${Date.now()}@example.com`,
      phone: "",
      password: "secreto1",
    });
    return (await signIn(t.db, account.id)).cookie;
  }

  const imageCount = async () => (await t.db.select({ n: count() }).from(images))[0]!.n;
  const variantCount = async () => (await t.db.select({ n: count() }).from(imageVariants))[0]!.n;

  /** Uploads as an admin and returns the new image's id (the newest on the list). */
  async function uploadAsAdmin(cookie: string, file: { bytes: Uint8Array; name: string; type: string }) {
    const before = new Set((await listImages(t.db)).map((i) => i.id));
    const result = await run(uploadRequest(cookie, file));
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${GALLERY}?aviso=subida`);
    const added = (await listImages(t.db)).filter((i) => !before.has(i.id));
    expect(added).toHaveLength(1);
    return added[0]!;
  }

  it("takes a real PNG: the original is kept and WebP variants are made at the storefront's widths", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const png = await pngOf(1000, 1400);
    const image = await uploadAsAdmin(admin, { bytes: png, name: "pikachu-ex.png", type: "image/png" });
    expect(image).toMatchObject({ originalName: "pikachu-ex.png", size: png.length, path: galleryImagePath(image.id) });
    const [row] = await t.db.select().from(images).where(eq(images.id, image.id));
    expect(row).toMatchObject({ mime: "image/png", width: 1000, height: 1400, size: png.length });
    expect(Buffer.compare(row!.bytes, png)).toBe(0);
    const variants = await t.db.select().from(imageVariants).where(eq(imageVariants.imageId, image.id)).orderBy(imageVariants.width);
    expect(variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
    for (const v of variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(v.mime).toBe("image/webp");
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((v.width * 1400) / 1000));
    }
  });

  it("takes a real JPEG narrower than the widest width without upscaling it", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const jpeg = await jpegOf(400, 560);
    // The browser's name and type are not what decides: a JPEG sent as "foto" with a generic type is still a JPEG.
    const image = await uploadAsAdmin(admin, { bytes: jpeg, name: "foto", type: "application/octet-stream" });
    const [row] = await t.db.select({ mime: images.mime, width: images.width }).from(images).where(eq(images.id, image.id));
    expect(row).toEqual({ mime: "image/jpeg", width: 400 });
    const variants = await t.db
      .select({ width: imageVariants.width, bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, image.id))
      .orderBy(imageVariants.width);
    expect(variants.map((v) => v.width)).toEqual([240, 360, 400]);
    expect((await sharp(variants[2]!.bytes).metadata()).width).toBe(400);
    // Asking for 480 or 720 gets the widest there is (400), never an upscaled copy.
    for (const w of [480, 720]) {
      const reply = await media(`${image.path}?w=${w}`);
      expect(reply.status).toBe(200);
      expect((await sharp(Buffer.from(await reply.arrayBuffer())).metadata()).width).toBe(400);
    }
  });

  it("refuses a text file named .png sent as image/png, and writes nothing", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const [images0, variants0] = [await imageCount(), await variantCount()];
    const result = await run(
      uploadRequest(admin, { bytes: Buffer.from("esto no es una imagen\n".repeat(20)), name: "carta.png", type: "image/png" }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ intent: "upload", fieldErrors: { imagen: [ADMIN_MESSAGES.imageOnly] }, values: {} });
    expect([await imageCount(), await variantCount()]).toEqual([images0, variants0]);
  });

  it("refuses an SVG and a truncated PNG: only raster pictures that decode are taken", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const before = await imageCount();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script><rect width="300" height="300"/></svg>',
    );
    expect((await run(uploadRequest(admin, { bytes: svg, name: "x.svg", type: "image/svg+xml" }))).data?.fieldErrors.imagen).toEqual([
      ADMIN_MESSAGES.imageOnly,
    ]);
    const png = await pngOf(600, 800);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 800 * 3 }, (_, i) => (i * 7919) % 256)), {
      raw: { width: 600, height: 800, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(
      (await run(uploadRequest(admin, { bytes: noisy.subarray(0, noisy.length - 2000), name: "rota.png", type: "image/png" }))).data
        ?.fieldErrors.imagen,
    ).toEqual([ADMIN_MESSAGES.imageOnly]);
    expect((await run(uploadRequest(admin, { bytes: truncated, name: "media.png", type: "image/png" }))).data?.fieldErrors.imagen).toEqual([
      ADMIN_MESSAGES.imageOnly,
    ]);
    expect(await imageCount()).toBe(before);
  });

  it("refuses a decompression bomb (a small file of more than 40 megapixels) with a message", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const before = await imageCount();
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await run(uploadRequest(admin, { bytes: bomb, name: "bomba.png", type: "image/png" }));
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors.imagen).toEqual([ADMIN_MESSAGES.imageTooManyPixels]);
    expect(await imageCount()).toBe(before);
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const frame = (colour: string) =>
      sharp({ create: { width: 300, height: 420, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#0a0"), await frame("#a00"), await frame("#00a")], { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const image = await uploadAsAdmin(admin, { bytes: animated, name: "anim.gif", type: "image/gif" });
    const [row] = await t.db
      .select({ mime: images.mime, width: images.width, height: images.height })
      .from(images)
      .where(eq(images.id, image.id));
    expect(row).toEqual({ mime: "image/gif", width: 300, height: 420 });
    const [variant] = await t.db
      .select({ bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, image.id))
      .orderBy(imageVariants.width)
      .limit(1);
    const meta = await sharp(variant!.bytes).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.width).toBe(240);
    expect(meta.height).toBe(336);
  });

  it("refuses 6 MB with 'La imagen no debe superar 5MB', and no file with 'Selecciona una imagen primero'", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const before = await imageCount();
    const big = Buffer.concat([await pngOf(200, 200), Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await run(uploadRequest(admin, { bytes: big, name: "grande.png", type: "image/png" }));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data).toEqual({ intent: "upload", fieldErrors: { imagen: [ADMIN_MESSAGES.imageTooLarge] }, values: {} });
    const missing = await run(uploadRequest(admin, null));
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({ intent: "upload", fieldErrors: { imagen: [ADMIN_MESSAGES.imageMissing] }, values: {} });
    // A form with no file part at all (not a browser's, but possible).
    const bare = new FormData();
    bare.set("intent", "upload");
    const none = await run(
      new Request(TEST_ORIGIN + GALLERY, { method: "POST", headers: { origin: TEST_ORIGIN, cookie: admin }, body: bare }),
    );
    expect(none.data?.fieldErrors.imagen).toEqual([ADMIN_MESSAGES.imageMissing]);
    expect(await imageCount()).toBe(before);
  });

  it("serves the variants with immutable caching and an ETag; a revalidation is a 304", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const image = await uploadAsAdmin(admin, { bytes: await pngOf(900, 1260), name: "carta.png", type: "image/png" });
    for (const w of IMAGE_WIDTHS) {
      const reply = await media(`${image.path}?w=${w}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get("content-type")).toBe("image/webp");
      expect(reply.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(reply.headers.get("etag")).toBe(`"${image.id}-${w}"`);
      const bytes = Buffer.from(await reply.arrayBuffer());
      expect(reply.headers.get("content-length")).toBe(String(bytes.length));
      expect((await sharp(bytes).metadata()).width).toBe(w);
    }
    // No width: the widest variant.
    const widest = await media(image.path);
    expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(720);
    const again = await media(`${image.path}?w=360`, { "if-none-match": `"${image.id}-360"` });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(`"${image.id}-360"`);
    expect((await media(`${image.path}?w=360`, { "if-none-match": `"${image.id}-240"` })).status).toBe(200);
  });

  it("answers 404, never 500, to a malformed or unknown id, another file name, path tricks and an unknown width", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const image = await uploadAsAdmin(admin, { bytes: await pngOf(300, 420), name: "x.png", type: "image/png" });
    const cases: Array<[{ id?: string; file?: string }, string]> = [
      [{ id: "abc", file: "imagen.webp" }, ""],
      [{ id: "ffffffffffffffffffffffff", file: "imagen.webp" }, ""],
      [{ id: image.id.toUpperCase(), file: "imagen.webp" }, ""],
      [{ id: "..", file: "imagen.webp" }, ""],
      [{ id: "../../etc/passwd", file: "imagen.webp" }, ""],
      [{ id: `${image.id}/..`, file: "imagen.webp" }, ""],
      [{ id: image.id, file: "../../../etc/passwd" }, ""],
      [{ id: image.id, file: "imagen.png" }, ""],
      [{ id: image.id, file: "imagen.webp%00.png" }, ""],
      [{ id: `${image.id}' or '1'='1`, file: "imagen.webp" }, ""],
      [{}, ""],
      [{ id: image.id, file: "imagen.webp" }, "?w=100"],
      [{ id: image.id, file: "imagen.webp" }, "?w=abc"],
      [{ id: image.id, file: "imagen.webp" }, "?w=240.0"],
      [{ id: image.id, file: "imagen.webp" }, "?w=0240"],
      [{ id: image.id, file: "imagen.webp" }, "?w=-240"],
      [{ id: image.id, file: "imagen.webp" }, "?w=99999999999999999999"],
      [{ id: image.id, file: "imagen.webp" }, "?w=240&w=720"],
      [{ id: image.id, file: "imagen.webp" }, "?w="],
    ];
    for (const [params, query] of cases) {
      const reply = await mediaWith(params, query);
      expect(reply.status, `${JSON.stringify(params)} ${query}`).toBe(404);
      expect(reply.headers.get("cache-control")).toBe("no-store");
    }
    expect((await mediaWith({ id: image.id, file: "imagen.webp" }, "?w=240")).status).toBe(200);
  });

  it("deletes an image and its variants; its URL answers 404 afterwards", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const image = await uploadAsAdmin(admin, { bytes: await jpegOf(800, 1120), name: "borrar.jpg", type: "image/jpeg" });
    expect((await media(`${image.path}?w=240`)).status).toBe(200);
    const result = await run(deleteRequest(admin, image.id));
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`${GALLERY}?aviso=eliminada`);
    expect(await t.db.select().from(images).where(eq(images.id, image.id))).toEqual([]);
    expect(await t.db.select().from(imageVariants).where(eq(imageVariants.imageId, image.id))).toEqual([]);
    expect((await media(`${image.path}?w=240`)).status).toBe(404);
    expect((await media(image.path, { "if-none-match": `"${image.id}-720"` })).status).toBe(404);
    // Deleting it again, or an id that never was: 'Error al eliminar la imagen', nothing else touched.
    const twice = await run(deleteRequest(admin, image.id));
    expect(twice.status).toBe(404);
    expect(twice.data).toEqual({ intent: "delete", formError: ADMIN_MESSAGES.imageDeleteFailed, fieldErrors: {}, values: {} });
    expect((await run(deleteRequest(admin, "nada"))).status).toBe(404);
  });

  it("a customer or a guest cannot upload or delete (403) and nothing is written", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const kept = await uploadAsAdmin(admin, { bytes: await pngOf(300, 420), name: "queda.png", type: "image/png" });
    const customer = await customerCookie();
    const [images0, variants0] = [await imageCount(), await variantCount()];
    for (const cookie of [customer, null]) {
      const up = await run(uploadRequest(cookie, { bytes: await pngOf(300, 420), name: "intruso.png", type: "image/png" }));
      expect(up.status).toBe(403);
      expect(up.data).toEqual({ error: ADMIN_MESSAGES.forbidden });
      const del = await run(deleteRequest(cookie, kept.id));
      expect(del.status).toBe(403);
    }
    expect([await imageCount(), await variantCount()]).toEqual([images0, variants0]);
    expect((await media(kept.path)).status).toBe(200);
    // The page sends them home.
    for (const cookie of [customer, null]) {
      const page = await callLoader(galleryRoute, get(GALLERY, cookie ? { cookie } : {}), { db: t.db });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
    }
  });

  it("the page lists the images with their absolute URLs, the banner of a redirect, and the no-JS delete question", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const image = await uploadAsAdmin(admin, { bytes: await pngOf(300, 420), name: "lista.png", type: "image/png" });
    const page = await callLoader<{ images: Array<{ id: string }>; origin: string; notice: string | null; deletingId: string | null }>(
      galleryRoute,
      get(`${GALLERY}?aviso=subida&eliminar=${image.id}`, { cookie: admin }),
      { db: t.db },
    );
    expect(page.status).toBe(200);
    expect(page.data!.origin).toBe(TEST_ORIGIN);
    expect(page.data!.images.map((i) => i.id)).toContain(image.id);
    expect(page.data!.notice).toBe(ADMIN_MESSAGES.imageUploaded);
    expect(page.data!.deletingId).toBe(image.id);
    const other = await callLoader<{ notice: string | null; deletingId: string | null }>(
      galleryRoute,
      get(`${GALLERY}?aviso=<script>&eliminar=ffffffffffffffffffffffff`, { cookie: admin }),
      { db: t.db },
    );
    expect(other.data).toMatchObject({ notice: null, deletingId: null });
  });

  it("a product that points at a gallery image gets its variants on its page (ProductImage's srcset)", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const image = await uploadAsAdmin(admin, { bytes: await jpegOf(1000, 1400), name: "producto.jpg", type: "image/jpeg" });
    const productId = await insertProduct(t.db, { name: "Carta con foto de la galería", images: [image.path] });
    const page = await callLoader<{ product: { images: string[] } }>(productRoute, get(`/producto/${productId}`), {
      db: t.db,
      params: { id: productId },
    });
    const src = page.data!.product.images[0]!;
    expect(src).toBe(galleryImagePath(image.id));
    const html = renderToString(createElement(ProductImage, { src, alt: "Carta", sizes: "100vw" }));
    const srcset = /srcSet="([^"]+)"|srcset="([^"]+)"/.exec(html)!;
    const candidates = (srcset[1] ?? srcset[2])!.split(", ").map((c) => c.replace(/&amp;/g, "&").split(" ") as [string, string]);
    expect(candidates.map(([, w]) => w)).toEqual(IMAGE_WIDTHS.map((w) => `${w}w`));
    for (const [url, descriptor] of candidates) {
      const reply = await media(url);
      expect(reply.status).toBe(200);
      expect((await sharp(Buffer.from(await reply.arrayBuffer())).metadata()).width).toBe(Number.parseInt(descriptor, 10));
    }
  });
});

it("variant widths never exceed the original and always include one", () => {
  expect(variantWidths(1000)).toEqual([240, 360, 480, 720]);
  expect(variantWidths(720)).toEqual([240, 360, 480, 720]);
  expect(variantWidths(721)).toEqual([240, 360, 480, 720]);
  expect(variantWidths(480)).toEqual([240, 360, 480]);
  expect(variantWidths(400)).toEqual([240, 360, 400]);
  expect(variantWidths(100)).toEqual([100]);
});

it("cleans original names: last path segment, no control or bidi characters, capped with the extension kept", () => {
  expect(cleanOriginalName("C:\\fakepath\\foto carta.png")).toBe("foto carta.png");
  expect(cleanOriginalName("../../etc/passwd")).toBe("passwd");
  expect(cleanOriginalName("a\u0000b\u202Egnp.exe")).toBe("abgnp.exe");
  expect(cleanOriginalName("   ")).toBe("imagen");
  const long = `${"x".repeat(300)}.jpeg`;
  expect(cleanOriginalName(long)).toHaveLength(120);
  expect(cleanOriginalName(long).endsWith(".jpeg")).toBe(true);
});

it("the 8 MB upload allowance also covers the data request React Router sends with JavaScript (/admin/galeria.data)", () => {
  const MB = 1024 * 1024;
  expect(bodyLimitFor({ path: "/admin/galeria" })).toBe(8 * MB);
  expect(bodyLimitFor({ path: "/admin/galeria.data" })).toBe(8 * MB);
  expect(bodyLimitFor({ path: "/admin/importar-productos.data" })).toBe(8 * MB);
  expect(bodyLimitFor({ path: "/carrito.data" })).toBe(512 * 1024);
  expect(bodyLimitFor({ path: "/admin/galeria/otra.data" })).toBe(512 * 1024);
  expect(bodyLimitFor({ path: "/admin.data" })).toBe(512 * 1024);
});
