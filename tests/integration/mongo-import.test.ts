/**
 * `npm run import:mongo` (docs/architecture.md#importing-the-old-shops-mongodb-data): a dump of the
 * old shop's MongoDB, made here in both shapes (mongoexport Extended JSON, relaxed lines and
 * canonical arrays; mongodump BSON, plain and gzipped, in a database subfolder), is written into
 * the shop: every collection with its ids, exact money and statuses; old bcrypt hashes ($2a$,
 * $2b$) sign in through the login route; an old product link opens; orders take no stock and send
 * nothing; malformed documents are reported with their place and leave nothing behind; a second run
 * changes nothing; bcrypt hashes of a cost sign-in will not verify become unusable passwords; a gzip
 * bomb, a lying BSON length and truncated files stop with a message. Then the command itself, on
 * PGlite in a temporary DATA_DIR.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { constants as zlibConstants, createGzip, gzipSync } from "node:zlib";
import { pipeline } from "node:stream/promises";
import bcrypt from "bcryptjs";
import { BSON, Decimal128, EJSON, Int32, Long, ObjectId } from "bson";
import sharp from "sharp";
import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMongoDump } from "#server/importer/mongo/index.ts";
import type { MongoImportReport } from "#domain/mongo-import.ts";
import {
  addresses,
  coupons,
  images,
  loyaltyAccounts,
  loyaltyTransactions,
  orderItems,
  orders,
  outbox,
  products,
  productVariants,
  users,
} from "#server/db/schema.ts";
import { firstVariantId } from "#server/catalog/product-admin.server.ts";
import { galleryImagePath } from "#domain/images.ts";
import * as loginRoute from "#app/routes/login.tsx";
import * as productRoute from "#app/routes/producto.tsx";
import * as adminOrder from "#app/routes/admin/pedido.tsx";
import * as lookupRoute from "#app/routes/consulta-pedido.tsx";
import { ORDER_NUMBER_PATTERN } from "#domain/orders.ts";
import { listAdminOrders } from "#server/admin/dashboard.server.ts";
import { HASH_OF_THIS_SHOP } from "#tests/fixtures/passwords.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { callAction, callLoader, formPost, get } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import type { Database } from "#server/db/client.ts";

const hex = (n: number) => `65a1b2c3d4e5f6071829${n.toString(16).padStart(4, "0")}`;
const oid = (n: number) => new ObjectId(hex(n));

const ID = {
  ana: hex(1),
  beto: hex(2),
  nadie: hex(3),
  pikachu: hex(10),
  booster: hex(11),
  funda: hex(12),
  conImagen: hex(13),
  imagen: hex(20),
  imagenPerdida: hex(21),
  cupon: hex(30),
  cuponUnico: hex(31),
  pedido: hex(40),
  pedidoInvitado: hex(41),
  pedidoRaro: hex(42),
  pedidoNumeroRaro: hex(44),
  cuenta: hex(50),
  mov1: hex(51),
  mov2: hex(52),
  movSuelto: hex(53),
  malProducto: hex(60),
  precioNegativo: hex(61),
} as const;

const PASSWORD_A = "secreto-a1";
const PASSWORD_B = "secreto-b2";
/** bcryptjs makes $2b$ hashes; an old Node bcrypt made $2a$ ones, the same hash with another prefix. */
const hashA = () => bcrypt.hashSync(PASSWORD_A, 4).replace(/^\$2b\$/, "$2a$");
const hashB = () => bcrypt.hashSync(PASSWORD_B, 4);

const single = (over: Record<string, unknown>) => ({
  category: "Carta Individual",
  rarity: "Rare",
  type: "Pokémon",
  expansion: "151",
  images: ["https://img.example/carta.jpg"],
  stock: new Int32(4),
  ...over,
});

/** Writes the dump: every collection, in the shapes mongoexport and mongodump give, with some bad documents among them. */
async function writeDump(dir: string): Promise<void> {
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  const lines = (docs: unknown[], relaxed: boolean) => docs.map((d) => EJSON.stringify(d, { relaxed })).join("\n") + "\n";
  const bson = (docs: Record<string, unknown>[]) => Buffer.concat(docs.map((d) => Buffer.from(BSON.serialize(d))));

  // users: mongoexport's default, relaxed Extended JSON one per line, with a line that is not JSON.
  const userLines = lines(
    [
      {
        _id: oid(1),
        name: "Ana López",
        email: "Ana.Lopez@Example.com",
        phone: "5512345678",
        password: hashA(),
        role: "customer",
        addresses: [
          {
            _id: oid(100),
            street: "Av. Reforma 1",
            city: "CDMX",
            state: "Ciudad de México",
            zipCode: "06600",
            country: "México",
            isDefault: true,
          },
          { street: "Sin CP", city: "Puebla", state: "Puebla", zipCode: "123" },
        ],
        createdAt: new Date("2024-01-02T03:04:05Z"),
      },
      { _id: oid(2), name: "Beto Admin", email: "beto@example.com", password: hashB(), isAdmin: true },
      { _id: "no-es-un-id", name: "Malo", email: "malo@example.com", password: hashB() },
    ],
    true,
  );
  write("users.json", userLines + '{"_id": {"$oid": "65a1b2c3d4e5f6071829ffff"}, "name": "roto"\n');

  // images: a canonical array; one file is in images/, the other is missing.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  write("images/pikachu-1.png", png);
  write(
    "images.json",
    EJSON.stringify(
      [
        {
          _id: oid(20),
          id: "pikachu-1.png",
          originalName: "Pikachu frente.png",
          fullUrl: "https://tienda-vieja.example/uploads/pikachu-1.png",
          size: new Int32(png.length),
          uploadedAt: new Date("2024-02-01T00:00:00Z"),
        },
        { _id: oid(21), originalName: "perdida.jpg", fullUrl: "https://tienda-vieja.example/uploads/perdida.jpg", size: 10 },
      ],
      { relaxed: false },
    ),
  );

  // products: one canonical array (mongoexport --jsonArray --canonical), with bad products among them.
  write(
    "products.json",
    EJSON.stringify(
      [
        single({
          _id: oid(10),
          name: "Pikachu ex",
          price: Decimal128.fromString("1234.50"),
          salePrice: Decimal128.fromString("999.99"),
          cardNumber: "025/165",
          dateAdded: new Date(1700000000000),
        }),
        {
          _id: oid(11),
          name: "Booster Box 151",
          category: "Producto Sellado",
          expansion: "151",
          price: 3299.9,
          salePrice: null,
          stock: new Long(7),
          rarity: "Rare",
          images: ["/uploads/booster.jpg"],
        },
        {
          _id: oid(12),
          name: "Fundas",
          category: "Accesorio",
          expansion: "151",
          price: new Int32(150),
          salePrice: new Int32(0),
          stock: 2,
          images: ["https://img.example/fundas.jpg"],
        },
        single({
          _id: oid(13),
          name: "Pikachu con foto",
          price: Decimal128.fromString("0.10"),
          images: ["https://tienda-vieja.example/uploads/pikachu-1.png", "https://tienda-vieja.example/uploads/perdida.jpg"],
        }),
        single({ _id: "123", name: "Id malo", price: 10 }),
        single({ _id: oid(60), price: 10 }),
        single({ _id: oid(61), name: "Precio negativo", price: Decimal128.fromString("-5.00") }),
      ],
      { relaxed: false },
    ),
  );

  // coupons: mongodump, gzipped, in the database's folder.
  write(
    "tienda/coupons.bson.gz",
    gzipSync(
      bson([
        {
          _id: oid(30),
          code: "verano10",
          discountPercent: 10,
          type: "general",
          expiresAt: new Date("2030-01-01T00:00:00Z"),
          description: "Verano",
          usedCount: 3,
          isActive: true,
        },
        {
          _id: oid(31),
          code: "UNICO",
          discountPercent: 25,
          type: "single-use",
          expiresAt: new Date("2025-01-01T00:00:00Z"),
          maxUses: 1,
          usedCount: 1,
          isActive: false,
        },
      ]),
    ),
  );
  write("tienda/coupons.metadata.json", '{"indexes":[],"uuid":"x"}');

  // orders: mongodump BSON, ending in a truncated document.
  const orderDocs = bson([
    {
      _id: oid(40),
      orderNumber: "ORD-1001",
      // A reference saved as the whole document (an export of populated data).
      user: { _id: oid(1), name: "Ana López", email: "ana.lopez@example.com" },
      items: [
        {
          product: oid(10),
          name: "Pikachu ex",
          image: "https://img.example/carta.jpg",
          price: Decimal128.fromString("999.99"),
          quantity: 2,
        },
        { product: oid(99), name: "Carta borrada", price: Decimal128.fromString("10.05"), quantity: 1 },
      ],
      shippingAddress: { street: "Av. Reforma 1", city: "CDMX", state: "Ciudad de México", zipCode: "06600", country: "México" },
      shippingMethod: "estafeta",
      shippingCost: Decimal128.fromString("150.00"),
      subtotal: Decimal128.fromString("2010.03"),
      total: Decimal128.fromString("2160.03"),
      finalTotal: Decimal128.fromString("2160.03"),
      orderStatus: "shipped",
      paymentStatus: "approved",
      paymentId: "MP-123",
      paymentMethod: "mercadopago",
      trackingNumber: "EST123",
      whatsappNotifications: true,
      loyaltyPoints: 20,
      createdAt: new Date("2024-03-01T12:00:00Z"),
      updatedAt: new Date("2024-03-02T12:00:00Z"),
    },
    {
      _id: oid(41),
      orderNumber: "ORD-1002",
      guestEmail: "Invitado@Example.com",
      items: [{ product: oid(11), name: "Booster Box 151", price: 3299.9, quantity: 1 }],
      shippingAddress: { name: "Invitada", phone: "5511112222", street: "Calle 2", city: "León", state: "Guanajuato", zipCode: "37000" },
      shippingMethod: "DHL",
      shippingCost: 0,
      subtotal: 3299.9,
      total: 3299.9,
      finalTotal: 3299.9,
      orderStatus: "pending",
      paymentStatus: "pending",
      createdAt: new Date("2024-03-05T12:00:00Z"),
    },
    {
      _id: oid(42),
      orderNumber: "ORD-1003",
      items: [{ product: oid(12), name: "Fundas", price: 150, quantity: 1 }],
      shippingMethod: "estafeta",
      shippingCost: 150,
      subtotal: 150,
      total: 300,
      finalTotal: 300,
      orderStatus: "lost-in-space",
      paymentStatus: "approved",
    },
    {
      _id: oid(44),
      // A number the shop could not look up (a space, a '#'): the order gets a number of the shop's.
      orderNumber: "Pedido #7",
      guestEmail: "raro@example.com",
      items: [{ product: oid(12), name: "Funda mate", price: 150, quantity: 1 }],
      shippingMethod: "estafeta",
      shippingCost: 150,
      subtotal: 150,
      total: 300,
      finalTotal: 300,
      orderStatus: "delivered",
      paymentStatus: "approved",
    },
  ]);
  const truncated = Buffer.from(BSON.serialize({ _id: oid(43), orderNumber: "ORD-1004", items: [] })).subarray(0, 20);
  write("tienda/orders.bson", Buffer.concat([orderDocs, truncated]));

  // loyalty: accounts with their movements embedded (relaxed lines), and a movements collection (canonical lines).
  write(
    "loyaltyaccounts.json",
    lines(
      [
        {
          _id: oid(50),
          user: oid(1),
          balance: 120,
          totalEarned: 150,
          totalSpent: 30,
          transactions: [
            {
              _id: oid(51),
              type: "earned",
              amount: 150,
              description: "Puntos del pedido ORD-1001",
              order: oid(40),
              createdAt: new Date("2024-03-02T00:00:00Z"),
            },
            { _id: oid(52), type: "spent", amount: -30, description: "Canje", createdAt: new Date("2024-03-03T00:00:00Z") },
          ],
        },
      ],
      true,
    ),
  );
  write(
    "loyaltytransactions.json",
    lines(
      [
        {
          _id: oid(53),
          user: oid(2),
          type: "bonus",
          amount: 15,
          description: "Regalo de bienvenida",
          createdAt: new Date("2024-04-01T00:00:00Z"),
        },
      ],
      false,
    ),
  );
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = [
    users,
    addresses,
    images,
    products,
    productVariants,
    coupons,
    orders,
    orderItems,
    loyaltyAccounts,
    loyaltyTransactions,
    outbox,
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[getTableName(table)] = Number(row!.n);
  }
  return out;
}

/** Every row of the imported tables, hashed: a second run that rewrote anything (even a timestamp) changes it. */
async function checksum(db: Database): Promise<string> {
  const names = [
    "users",
    "addresses",
    "images",
    "image_variants",
    "products",
    "product_variants",
    "coupons",
    "orders",
    "order_items",
    "loyalty_accounts",
    "loyalty_transactions",
  ];
  const parts: string[] = [];
  for (const name of names) {
    const result = (await db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${name} t`),
    )) as unknown as {
      rows: Array<{ h: string }>;
    };
    parts.push(`${name}:${result.rows[0]!.h}`);
  }
  return parts.join(",");
}

describeEachDatabase("MongoDB import", (t) => {
  let dir: string;
  let report: MongoImportReport;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mongo-dump-"));
    await writeDump(dir);
    report = await importMongoDump(t.db, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads every collection file of both dump kinds and counts what it did", () => {
    expect(report.files).toEqual([
      "users.json",
      "images.json",
      "products.json",
      "tienda/coupons.bson.gz",
      "tienda/orders.bson",
      "loyaltyaccounts.json",
      "loyaltytransactions.json",
    ]);
    expect(report.counts).toEqual({
      users: { read: 4, imported: 2, unchanged: 0, refused: 2 },
      images: { read: 2, imported: 1, unchanged: 0, refused: 1 },
      products: { read: 7, imported: 4, unchanged: 0, refused: 3 },
      coupons: { read: 2, imported: 2, unchanged: 0, refused: 0 },
      orders: { read: 5, imported: 3, unchanged: 0, refused: 2 },
      loyaltyaccounts: { read: 1, imported: 1, unchanged: 0, refused: 0 },
      loyaltytransactions: { read: 1, imported: 1, unchanged: 0, refused: 0 },
    });
  });

  it("keeps the users' ids, e-mails (lower case), roles and saved addresses", async () => {
    const rows = await t.db.select().from(users).orderBy(users.id);
    expect(rows.map((u) => [u.id, u.name, u.email, u.phone, u.role])).toEqual([
      [ID.ana, "Ana López", "ana.lopez@example.com", "5512345678", "customer"],
      [ID.beto, "Beto Admin", "beto@example.com", null, "admin"],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe("2024-01-02T03:04:05.000Z");
    expect(rows[0]!.passwordHash).toMatch(/^\$2a\$04\$/);
    expect(rows[1]!.passwordHash).toMatch(/^\$2b\$04\$/);
    const saved = await t.db.select().from(addresses);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: hex(100), userId: ID.ana, zipCode: "06600", isDefault: true });
    expect(report.notices).toContainEqual(
      expect.objectContaining({
        collection: "users",
        file: "users.json",
        at: "línea 1",
        id: ID.ana,
        message: expect.stringMatching(/^Dirección 2 omitida/),
      }),
    );
  });

  it("customers keep their passwords: a $2a$ and a $2b$ hash sign in through the login route", async () => {
    const login = (email: string, password: string) => callAction(loginRoute, formPost("/login", { email, password }), { db: t.db });
    for (const [email, password] of [
      ["ana.lopez@example.com", PASSWORD_A],
      ["beto@example.com", PASSWORD_B],
    ]) {
      const ok = await login(email!, password!);
      expect(ok.status, email).toBe(303);
      expect(ok.headers.getSetCookie().some((c) => c.startsWith("sesion="))).toBe(true);
    }
    expect((await login("ana.lopez@example.com", PASSWORD_B)).status).toBe(401);
  });

  it("products keep their ids, exact prices and one variant (NM Inglés for a single, Nuevo for sealed and accessories)", async () => {
    const rows = await t.db.select().from(products).orderBy(products.id);
    expect(rows.map((p) => [p.id, p.name, p.category, p.priceCents, p.salePriceCents, p.stock])).toEqual([
      [ID.pikachu, "Pikachu ex", "Carta Individual", 123450, 99999, 4],
      [ID.booster, "Booster Box 151", "Producto Sellado", 329990, null, 7],
      [ID.funda, "Fundas", "Accesorio", 15000, null, 2],
      [ID.conImagen, "Pikachu con foto", "Carta Individual", 10, null, 4],
    ]);
    expect(rows[0]!.dateAdded.getTime()).toBe(1700000000000);
    expect(rows[1]).toMatchObject({ rarity: null, type: null, images: ["/uploads/booster.jpg"] });
    const variants = await t.db.select().from(productVariants).orderBy(productVariants.productId);
    expect(variants.map((v) => [v.id, v.productId, v.condition, v.language, v.priceCents, v.salePriceCents, v.stock])).toEqual([
      [firstVariantId(ID.pikachu), ID.pikachu, "NM", "en", 123450, 99999, 4],
      [firstVariantId(ID.booster), ID.booster, "NEW", "en", 329990, null, 7],
      [firstVariantId(ID.funda), ID.funda, "NEW", "en", 15000, null, 2],
      [firstVariantId(ID.conImagen), ID.conImagen, "NM", "en", 10, null, 4],
    ]);
  });

  it("an image whose file is in images/ is stored in the gallery under its id and the product points at it; a missing file is refused, the product kept", async () => {
    const [image] = await t.db.select().from(images);
    expect(image).toMatchObject({ id: ID.imagen, originalName: "Pikachu frente.png", mime: "image/png", width: 64, height: 48 });
    expect(image!.uploadedAt.toISOString()).toBe("2024-02-01T00:00:00.000Z");
    const [product] = await t.db.select({ images: products.images }).from(products).where(eq(products.id, ID.conImagen));
    expect(product!.images).toEqual([galleryImagePath(ID.imagen), "https://tienda-vieja.example/uploads/perdida.jpg"]);
    expect(report.refusals).toContainEqual({
      collection: "images",
      file: "images.json",
      at: "documento 2",
      id: ID.imagenPerdida,
      message: expect.stringContaining("images/perdida.jpg"),
    });
  });

  it("an old product link /producto/<id> opens the product page", async () => {
    const answer = await callLoader<{ product: { _id: string; name: string; price: number } | null }>(
      productRoute,
      get(`/producto/${ID.pikachu}`),
      { db: t.db, params: { id: ID.pikachu } },
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.product).toMatchObject({ _id: ID.pikachu, name: "Pikachu ex", price: 1234.5 });
  });

  it("coupons keep code, percent, type, dates, uses and state", async () => {
    const rows = await t.db.select().from(coupons).orderBy(coupons.id);
    expect(
      rows.map((c) => [c.id, c.code, c.discountPercent, c.type, c.expiresAt.toISOString(), c.maxUses, c.usedCount, c.isActive]),
    ).toEqual([
      [ID.cupon, "VERANO10", 10, "general", "2030-01-01T00:00:00.000Z", null, 3, true],
      [ID.cuponUnico, "UNICO", 25, "single-use", "2025-01-01T00:00:00.000Z", 1, 1, false],
    ]);
  });

  it("orders keep their numbers, exact money, statuses and lines, linked to the imported products", async () => {
    const rows = await t.db.select().from(orders).orderBy(orders.id);
    expect(
      rows.map((o) => [
        o.id,
        o.orderNumber,
        o.userId,
        o.guestEmail,
        o.shippingMethod,
        o.shippingCostCents,
        o.subtotalCents,
        o.totalCents,
        o.finalTotalCents,
        o.orderStatus,
        o.paymentStatus,
        o.pointsEarned,
      ]),
    ).toEqual([
      [ID.pedido, "ORD-1001", ID.ana, null, "estafeta", 15000, 201003, 216003, 216003, "shipped", "approved", 20],
      [ID.pedidoInvitado, "ORD-1002", null, "invitado@example.com", "dhl", 0, 329990, 329990, 329990, "pending", "pending", 0],
      [
        ID.pedidoNumeroRaro,
        expect.stringMatching(ORDER_NUMBER_PATTERN),
        null,
        "raro@example.com",
        "estafeta",
        15000,
        15000,
        30000,
        30000,
        "delivered",
        "approved",
        0,
      ],
    ]);
    expect(rows[0]).toMatchObject({ paymentId: "MP-123", trackingNumber: "EST123", whatsappNotifications: true, contactName: "Ana López" });
    expect(rows[0]!.createdAt.toISOString()).toBe("2024-03-01T12:00:00.000Z");
    expect(rows[1]!.shippingAddress).toMatchObject({ name: "Invitada", phone: "5511112222", zipCode: "37000" });
    // Still waiting for its payment: the expiry job must not cancel it (and e-mail about an old order).
    expect(rows[1]!.holdUntil.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    const lines = await t.db.select().from(orderItems).orderBy(orderItems.orderId, orderItems.name);
    expect(lines.map((l) => [l.orderId, l.productId, l.variantId, l.condition, l.name, l.unitPriceCents, l.quantity])).toEqual([
      [ID.pedido, null, null, null, "Carta borrada", 1005, 1],
      [ID.pedido, ID.pikachu, firstVariantId(ID.pikachu), "NM", "Pikachu ex", 99999, 2],
      [ID.pedidoInvitado, ID.booster, firstVariantId(ID.booster), "NEW", "Booster Box 151", 329990, 1],
      [ID.pedidoNumeroRaro, ID.funda, firstVariantId(ID.funda), "NEW", "Funda mate", 15000, 1],
    ]);
  });

  it("imported orders take no stock and queue no e-mail", async () => {
    const stock = await t.db.select({ id: productVariants.productId, stock: productVariants.stock }).from(productVariants);
    expect(Object.fromEntries(stock.map((s) => [s.id, s.stock]))).toMatchObject({ [ID.pikachu]: 4, [ID.booster]: 7 });
    expect((await tableCounts(t.db)).outbox).toBe(0);
  });

  it("an old number is found where the shop looks orders up (the admin's order page and its status change, 'Consulta tu pedido'); one it could not look up gets a number of the shop's", async () => {
    const { cookie } = await adminSession(t.db, { name: "Admin" });
    const shown = await callLoader<{ detail: { order: { orderNumber: string } } | null }>(
      adminOrder,
      get("/admin/pedidos/ORD-1001", { cookie }),
      { db: t.db, params: { number: "ORD-1001" } },
    );
    expect(shown.status).toBe(200);
    expect(shown.data?.detail?.order.orderNumber).toBe("ORD-1001");
    const moved = await callAction(adminOrder, formPost("/admin/pedidos/ORD-1001", { intent: "status", estado: "delivered" }, { cookie }), {
      db: t.db,
      params: { number: "ORD-1001" },
    });
    expect(moved.status).toBe(303);
    expect((await t.db.select().from(orders).where(eq(orders.id, ID.pedido)))[0]?.orderStatus).toBe("delivered");
    // The 'Órdenes' tab's search box finds it too, typed in any case.
    expect((await listAdminOrders(t.db, { q: "ord-1001" })).rows.map((o) => o.orderNumber)).toEqual(["ORD-1001"]);

    // The buyer types it as it came in their old e-mail, in any case.
    const found = await callAction(
      lookupRoute,
      formPost("/consulta-pedido", { intent: "lookup", pedido: " ord-1002 ", email: "INVITADO@example.com" }),
      { db: t.db },
    );
    expect(found.status).toBe(303);
    expect(found.headers.get("location")).toMatch(/^\/consulta-pedido\?pedido=ORD-1002&clave=/);
    const opened = await callLoader<{ order: { orderNumber: string; email: string } | null }>(
      lookupRoute,
      get(found.headers.get("location")!),
      { db: t.db },
    );
    expect(opened.data?.order).toMatchObject({ orderNumber: "ORD-1002", email: "invitado@example.com" });

    const [odd] = await t.db.select().from(orders).where(eq(orders.id, ID.pedidoNumeroRaro));
    expect(odd!.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(report.notices.find((n) => n.id === ID.pedidoNumeroRaro)?.message).toBe(
      `El número de pedido 'Pedido #7' no es de 3 a 32 letras, dígitos o guiones: el pedido se importó con el número ${odd!.orderNumber}`,
    );
  });

  it("loyalty accounts keep balance and totals, movements keep sign and type; a user with movements only gets an account that adds up", async () => {
    const accounts = await t.db.select().from(loyaltyAccounts).orderBy(loyaltyAccounts.userId);
    expect(accounts.map((a) => [a.userId, a.balance, a.totalEarned, a.totalSpent])).toEqual([
      [ID.ana, 120, 150, 30],
      [ID.beto, 15, 15, 0],
    ]);
    const movements = await t.db.select().from(loyaltyTransactions).orderBy(loyaltyTransactions.id);
    expect(movements.map((m) => [m.id, m.userId, m.type, m.amount, m.orderId])).toEqual([
      [ID.mov1, ID.ana, "earned", 150, ID.pedido],
      [ID.mov2, ID.ana, "spent", -30, null],
      [ID.movSuelto, ID.beto, "adjustment", 15, null],
    ]);
  });

  it("malformed documents are reported with file, place and _id, and nothing of them is written", async () => {
    const refusals = report.refusals.map((r) => [r.collection, r.file, r.at, r.id]);
    expect(refusals).toEqual(
      expect.arrayContaining([
        ["users", "users.json", "línea 3", "no-es-un-id"],
        ["users", "users.json", "línea 4", null],
        ["products", "products.json", "documento 5", "123"],
        ["products", "products.json", "documento 6", ID.malProducto],
        ["products", "products.json", "documento 7", ID.precioNegativo],
        ["orders", "tienda/orders.bson", expect.stringMatching(/^documento 3 \(byte \d+\)$/), ID.pedidoRaro],
      ]),
    );
    const reason = (id: string) => report.refusals.find((r) => r.id === id)?.message;
    expect(reason(ID.malProducto)).toMatch(/^name: El nombre es requerido/);
    expect(reason(ID.precioNegativo)).toMatch(/^price: El precio debe ser un número mayor o igual a 0/);
    expect(reason(ID.pedidoRaro)).toBe("Estado del pedido (orderStatus) desconocido: 'lost-in-space'");
    expect(report.refusals.find((r) => r.at === "línea 4")?.message).toMatch(/^JSON inválido/);
    expect(report.refusals.find((r) => r.file === "tienda/orders.bson" && r.id === null)?.message).toMatch(
      /^BSON truncado o dañado desde el byte \d+/,
    );
    // Nothing of them: not the product, not the refused order nor its line.
    expect(await t.db.select().from(products).where(eq(products.id, ID.malProducto))).toEqual([]);
    expect(await t.db.select().from(products).where(eq(products.id, ID.precioNegativo))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.id, ID.pedidoRaro))).toEqual([]);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.name, "Fundas"))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, "malo@example.com"))).toEqual([]);
  });

  it("a second run changes nothing: every document is 'ya importado', same rows, same contents", async () => {
    const before = { counts: await tableCounts(t.db), sum: await checksum(t.db) };
    const again = await importMongoDump(t.db, dir);
    for (const [collection, count] of Object.entries(again.counts)) {
      expect(count.imported, collection).toBe(0);
      expect(count.unchanged, collection).toBe(report.counts[collection as keyof typeof report.counts].imported);
    }
    expect(await tableCounts(t.db)).toEqual(before.counts);
    expect(await checksum(t.db)).toBe(before.sum);
  });
});

describeEachDatabase("MongoDB import: bcrypt hashes of an absurd cost", (t) => {
  let dir: string;
  let report: MongoImportReport;
  const costly = { cost31: hex(70), cost99: hex(71), fine: hex(72) };
  const withCost = (cost: string) => hashB().replace(/^\$2b\$04\$/, `$2b$${cost}$`);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mongo-costly-"));
    const docs = [
      { _id: new ObjectId(costly.cost31), name: "Costo 31", email: "costo31@example.com", password: withCost("31") },
      { _id: new ObjectId(costly.cost99), name: "Costo 99", email: "costo99@example.com", password: withCost("99") },
      { _id: new ObjectId(costly.fine), name: "Costo 4", email: "costo4@example.com", password: withCost("04") },
    ];
    fs.writeFileSync(path.join(dir, "users.json"), docs.map((d) => EJSON.stringify(d)).join("\n"));
    report = await importMongoDump(t.db, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("imports such an account with an unusable password and names it in the report with the reason", async () => {
    expect(report.counts.users).toEqual({ read: 3, imported: 3, unchanged: 0, refused: 0 });
    for (const [id, cost, mail] of [
      [costly.cost31, 31, "costo31@example.com"],
      [costly.cost99, 99, "costo99@example.com"],
    ] as const) {
      expect(report.notices).toContainEqual({
        collection: "users",
        file: "users.json",
        at: expect.stringMatching(/^línea \d$/),
        id,
        message: `La contraseña (password) es un hash bcrypt de costo ${cost}, fuera de 4 a 15 (iniciar sesión con él tardaría horas o fallaría): la cuenta ${mail} se importó sin contraseña utilizable y el cliente deberá usar 'Olvidé mi contraseña'`,
      });
      const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
      expect(row!.hash).toMatch(HASH_OF_THIS_SHOP);
    }
    expect(report.notices.filter((n) => n.id === costly.fine)).toEqual([]);
  });

  it("signing in to it with the old password is refused at once with the usual message; the one of cost 4 signs in", async () => {
    const login = (email: string) =>
      callAction<{ formError?: string }>(loginRoute, formPost("/login", { email, password: PASSWORD_B }), { db: t.db });
    for (const mail of ["costo31@example.com", "costo99@example.com"]) {
      const started = performance.now();
      const refused = await login(mail);
      // The refusal costs one comparison with the shop's own dummy hash (cost 10, about 0.2 s on an idle machine);
      // cost 31 would take hours. The bound leaves room for a loaded test machine.
      expect(performance.now() - started, mail).toBeLessThan(5000);
      expect(refused, mail).toMatchObject({ status: 401, data: { formError: "Correo electrónico o contraseña incorrectos" } });
    }
    expect((await login("costo4@example.com")).status).toBe(303);
  });
});

describeEachDatabase("MongoDB import: files too big, bombs and truncation", (t) => {
  const MiB = 1024 * 1024;
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "mongo-hostile-"));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  let next = 0;
  /** A user document of its own (id and e-mail), so every dump here can be imported into the one database. */
  const user = () => {
    next++;
    return {
      _id: new ObjectId(hex(0x100 + next)),
      name: `Cliente ${next}`,
      email: `cliente${next}-${t.kind}@example.com`,
      password: hashB(),
    };
  };
  /** A dump folder holding `files`, imported with `limits`. */
  const importFiles = async (files: Record<string, Buffer | string>, limits?: Parameters<typeof importMongoDump>[2]) => {
    const dir = fs.mkdtempSync(path.join(work, "dump-"));
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    return importMongoDump(t.db, dir, limits);
  };

  it("a gzip bomb stops at the size cap with a message naming the file, reading only that much", async () => {
    // 256 MiB of spaces after one document, a few hundred KB of gzip.
    const bomb = path.join(work, "users.json.gz");
    async function* content() {
      yield Buffer.from(`${EJSON.stringify(user())}\n`);
      const spaces = Buffer.alloc(MiB, 0x20);
      for (let i = 0; i < 256; i++) yield spaces;
    }
    await pipeline(content, createGzip({ level: zlibConstants.Z_BEST_SPEED }), fs.createWriteStream(bomb));
    expect(fs.statSync(bomb).size).toBeLessThan(2 * MiB);

    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
    const report = await importFiles({ "users.json.gz": fs.readFileSync(bomb) }, { limits: { maxFileBytes: MiB } }).finally(() =>
      clearInterval(sampler),
    );
    expect(report.counts.users).toEqual({ read: 2, imported: 1, unchanged: 0, refused: 1 });
    expect(report.refusals).toEqual([
      {
        collection: "users",
        file: "users.json.gz",
        at: null,
        id: null,
        message:
          "El archivo pasa de 1 MiB (ya descomprimido): se deja de leer ahí (lo anterior sí se leyó). Si de verdad es tan grande, vuelve a ejecutar con --max-file-mb",
      },
    ]);
    expect(peak - before).toBeLessThan(100 * MiB);
  });

  it("a BSON length prefix claiming 1 GiB stops the file with a message, without waiting for (or keeping) that gigabyte", async () => {
    const first = Buffer.from(BSON.serialize(user()));
    const liar = Buffer.alloc(64);
    liar.writeInt32LE(1024 * MiB, 0);
    const report = await importFiles({ "users.bson": Buffer.concat([first, liar]) });
    expect(report.counts.users).toEqual({ read: 2, imported: 1, unchanged: 0, refused: 1 });
    expect(report.refusals).toEqual([
      {
        collection: "users",
        file: "users.bson",
        at: `documento 2 (byte ${first.length})`,
        id: null,
        message: `El documento BSON del byte ${first.length} dice medir ${1024 * MiB} bytes, más que el máximo de 16 MiB: el archivo está dañado; se deja de leer el archivo`,
      },
    ]);
  });

  it("a truncated gzip, a JSON array that never closes and a line over the document cap stop with a message; what came before is imported", async () => {
    const whole = gzipSync(Buffer.from([user(), user(), user()].map((d) => EJSON.stringify(d)).join("\n") + "\n"));
    const report = await importFiles(
      {
        "users.json.gz": whole.subarray(0, whole.length - 30),
        "usuarios.json": `[${EJSON.stringify(user())},\n${EJSON.stringify(user()).slice(0, 40)}`,
        "user.jsonl": `${EJSON.stringify(user())}\n${JSON.stringify({ name: "x".repeat(4096) })}\n${EJSON.stringify(user())}\n`,
      },
      { limits: { maxJsonDocumentBytes: 2048 } },
    );
    const refusals = Object.fromEntries(report.refusals.map((r) => [r.file, [r.at, r.message]]));
    expect(refusals).toEqual({
      "users.json.gz": [null, "El archivo .gz está truncado o dañado: se deja de leer el archivo ahí (lo anterior sí se leyó)"],
      "usuarios.json": [
        "documento 2",
        "El arreglo JSON está dañado: termina sin cerrar el arreglo (¿archivo truncado?); se deja de leer el archivo (lo anterior sí se leyó)",
      ],
      "user.jsonl": ["línea 2", "El documento pasa de 2 KiB de texto: se deja de leer el archivo"],
    });
    // The truncated gzip still gave its whole first lines; the array its first element; the lines file its first line.
    expect(report.counts.users.imported).toBeGreaterThanOrEqual(3);
    expect(report.counts.users.refused).toBe(3);
  });
});

/** The test's environment without DATABASE_URL: the command's database is PGlite in DATA_DIR. */
function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

describe("npm run import:mongo", () => {
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "mongo-cli-"));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawnSync("npx", ["tsx", "scripts/import-mongo.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...cliEnv(), DATA_DIR: path.join(work, "data"), NODE_ENV: "test" },
      encoding: "utf8",
    });

  it("imports a dump into DATA_DIR's database, prints the report and exits 0, even with refusals", async () => {
    const dump = path.join(work, "dump");
    await writeDump(dump);
    const result = run([dump]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Productos\s+7\s+4\s+0\s+3/);
    expect(result.stdout).toContain("products.json, documento 6, _id " + ID.malProducto + ": name: El nombre es requerido");
    // A second run changing nothing is proven in-process above ('a second run changes nothing'): one
    // spawned import is enough to prove the command's wiring.
  });

  it("exits non-zero with a clear message for a missing folder, and without one", () => {
    const missing = run([path.join(work, "no-existe")]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain(`No existe la carpeta ${path.join(work, "no-existe")}`);
    const none = run([]);
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain("Uso: npm run import:mongo -- CARPETA");
  });
});
