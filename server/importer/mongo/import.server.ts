/**
 * Writes a dump of the old shop's MongoDB into the shop's database
 * (docs/architecture.md#importing-the-old-shops-mongodb-data). Collections are written in the order
 * of MONGO_COLLECTIONS (users before the orders that name them…); each document (an order with
 * its lines, a loyalty account with its movements) in its own transaction: a refused one leaves
 * nothing behind and the rest go on. Ids are the old ObjectIds, so an id already in the shop is
 * left as it is ('ya importado') and a second run changes nothing. Nothing here takes stock,
 * queues an e-mail or records a payment: the old shop did all that when it happened.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/db/client.ts";
import {
  addresses as addressesTable,
  coupons,
  images,
  loyaltyAccounts,
  loyaltyTransactions,
  orderItems,
  orders,
  products,
  productVariants,
  users,
} from "#server/db/schema.ts";
import { registerSchema } from "#server/accounts/forms.ts";
import { findUserByEmail } from "#server/accounts/users.server.ts";
import { hashPassword } from "#server/accounts/password.ts";
import { isProductImageUrl, parseProductInput, type ProductRowField } from "#server/catalog/product-input.ts";
import { firstVariantId, insertProductRow } from "#server/catalog/product-admin.server.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { orderSearchText } from "#server/catalog/search-text.ts";
import { newCheckoutToken, newOrderNumber } from "#server/orders/index.ts";
import { prepareGalleryImage } from "#server/images/decode.server.ts";
import { PROBLEM_MESSAGES, galleryImagePath, insertGalleryImage } from "#server/images/gallery.server.ts";
import { productErrorText } from "#server/importer/product-csv.ts";
import { GALLERY_MAX_BYTES } from "#domain/gallery-upload.ts";
import { COUPON_CODE_PATTERN, COUPON_LIMITS, isCouponType } from "#domain/coupons.ts";
import { isShippingMethodId } from "#domain/shipping.ts";
import { mayNameOrder } from "#domain/orders.ts";
import { bcryptHashProblem } from "#domain/password-hash.ts";
import {
  MONGO_IMPORT_MESSAGES as M,
  emptyMongoImportCounts,
  legacyOrderStatus,
  legacyPaymentStatus,
  legacyPointsType,
  type MongoCollection,
  type MongoImportReport,
} from "#domain/mongo-import.ts";
import { DEFAULT_DUMP_LIMITS, findDumpFiles, readDumpFile, type DumpLimits, type DumpPlace, type MongoDocument } from "./read-dump";
import {
  booleanOf,
  centsOf,
  dateOf,
  derivedId,
  idOf,
  integerOf,
  moneyText,
  numberText,
  objectOf,
  refOf,
  textOf,
  wholePartOf,
} from "./values";

/** A document refused: its transaction rolls back and the report says why. */
class Refused extends Error {}

function refuse(message: string): never {
  throw new Refused(message);
}

/** The folders of the dump where an image's file is looked for, by the file name of its URL. */
const IMAGE_FOLDERS = ["images", "uploads"];

/**
 * An imported order still waiting for its payment keeps waiting: the expiry job must not cancel
 * it (that would e-mail the customer about an old order and give back stock), so its hold never
 * lapses. The admin cancels it if it is not going to be paid.
 */
const NO_EXPIRY = new Date("9999-12-31T23:59:59Z");

/** What one document's write says back: written, or already there. Notices are kept only when it commits. */
type Outcome = "imported" | "unchanged";

interface Run {
  db: Database;
  dir: string;
  report: MongoImportReport;
  /** An old image's URL (full, or its path) → the gallery path of the image in the shop. */
  imageUrls: Map<string, string>;
  /** A loyalty account's old _id → its user (movements may name the account). */
  accountUsers: Map<string, string>;
  /** Users given movements by the movements collection (their account is made from them when they have none). */
  movementUsers: Set<string>;
  productsWritten: boolean;
}

/**
 * Reads every collection file of `dir` and writes its documents; the report of counts, refusals and
 * notices. A document's problem, its database error included, is its refusal: the rest go on.
 */
export async function importMongoDump(
  db: Database,
  dir: string,
  options: { limits?: Partial<DumpLimits> } = {},
): Promise<MongoImportReport> {
  const files = findDumpFiles(dir);
  const limits: DumpLimits = { ...DEFAULT_DUMP_LIMITS, ...options.limits };
  const run: Run = {
    db,
    dir,
    report: { files: files.map((f) => f.file), counts: emptyMongoImportCounts(), refusals: [], notices: [] },
    imageUrls: new Map(),
    accountUsers: new Map(),
    movementUsers: new Set(),
    productsWritten: false,
  };
  for (const file of files) {
    for await (const entry of readDumpFile(file, limits)) {
      const count = run.report.counts[file.collection];
      count.read++;
      if ("error" in entry) {
        count.refused++;
        run.report.refusals.push({ collection: file.collection, ...line(entry.place), id: null, message: entry.error });
        continue;
      }
      await writeDocument(run, file.collection, entry.place, entry.doc);
    }
  }
  await openAccountsFromMovements(run);
  if (run.productsWritten) catalogChanged(db);
  return run.report;
}

const line = (place: DumpPlace) => ({ file: place.file, at: place.at });

const WRITERS: Record<MongoCollection, (tx: Tx, run: Run, doc: MongoDocument, notes: string[]) => Promise<Outcome>> = {
  users: writeUser,
  images: writeImage,
  products: writeProduct,
  coupons: writeCoupon,
  orders: writeOrder,
  loyaltyaccounts: writeLoyaltyAccount,
  loyaltytransactions: writeLoyaltyMovement,
};

/** One document in its own transaction: written, left as it is, or refused (nothing of it written). */
async function writeDocument(run: Run, collection: MongoCollection, place: DumpPlace, doc: MongoDocument): Promise<void> {
  const count = run.report.counts[collection];
  const id = idOf(doc._id) ?? textOf(doc._id);
  const notes: string[] = [];
  try {
    const outcome = await run.db.transaction((tx) => WRITERS[collection](tx, run, doc, notes));
    count[outcome]++;
    for (const message of notes) run.report.notices.push({ collection, ...line(place), id, message });
  } catch (error) {
    count.refused++;
    const message =
      error instanceof Refused
        ? error.message
        : `Error de la base de datos: ${(error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)).slice(0, 300)}`;
    run.report.refusals.push({ collection, ...line(place), id, message });
  }
}

/** The document's _id as the shop's id, or the refusal. */
const idOrRefuse = (doc: MongoDocument): string => idOf(doc._id) ?? refuse(M.badId);

async function exists(tx: Tx, table: typeof users | typeof products | typeof orders | typeof coupons | typeof images, id: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return Boolean(row);
}

async function userExists(tx: Tx, id: string | null): Promise<boolean> {
  return id !== null && (await exists(tx, users, id));
}

// ——— users ———

async function writeUser(tx: Tx, _run: Run, doc: MongoDocument, notes: string[]): Promise<Outcome> {
  const id = idOrRefuse(doc);
  if (await exists(tx, users, id)) return "unchanged";
  const name = textOf(doc.name) ?? refuse(M.required("el nombre (name)"));
  const email = registerSchema.shape.email.safeParse(doc.email);
  if (!email.success) refuse(M.emailInvalid);
  const existing = await findUserByEmail(tx, email.data);
  if (existing && existing.id !== id) refuse(M.emailTaken);
  let passwordHash = textOf(doc.password) ?? textOf(doc.passwordHash) ?? "";
  const problem = bcryptHashProblem(passwordHash);
  if (problem) {
    // Nobody knows this password: the customer gets in through 'Olvidé mi contraseña'. A cost sign-in
    // would not verify (4 to 15) is no better than no hash: bcrypt would throw or spend hours on it.
    passwordHash = await hashPassword(randomBytes(32).toString("hex"));
    notes.push(problem.kind === "cost" ? M.passwordCostOutOfRange(problem.cost, email.data) : M.noPasswordHash);
  }
  const createdAt = dateOf(doc.createdAt) ?? new Date();
  await tx.insert(users).values({
    id,
    name,
    email: email.data,
    phone: textOf(doc.phone),
    role: doc.role === "admin" || doc.isAdmin === true ? "admin" : "customer",
    passwordHash,
    createdAt,
    updatedAt: dateOf(doc.updatedAt) ?? createdAt,
  });
  await writeAddresses(tx, id, doc.addresses, notes);
  return "imported";
}

/** The user's saved addresses: a bad one is left out with a notice (the account is still imported); one default at most. */
async function writeAddresses(tx: Tx, userId: string, value: unknown, notes: string[]): Promise<void> {
  if (!Array.isArray(value)) return;
  let defaultTaken = false;
  for (const [i, raw] of value.entries()) {
    const a = objectOf(raw);
    if (!a) {
      notes.push(M.addressSkipped(i, M.notAnObject));
      continue;
    }
    const street = textOf(a.street);
    const city = textOf(a.city);
    const state = textOf(a.state);
    // A zip code kept as a number lost its leading zero (06600 → 6600).
    const zip = typeof a.zipCode === "string" ? a.zipCode.trim() : (textOf(a.zipCode) ?? "").padStart(5, "0");
    const missing = !street ? "street" : !city ? "city" : !state ? "state" : null;
    if (missing) {
      notes.push(M.addressSkipped(i, M.required(missing)));
      continue;
    }
    if (!/^\d{5}$/.test(zip)) {
      notes.push(M.addressSkipped(i, M.zipCodeInvalid));
      continue;
    }
    const isDefault: boolean = booleanOf(a.isDefault) && !defaultTaken;
    defaultTaken ||= isDefault;
    await tx
      .insert(addressesTable)
      .values({
        id: idOf(a._id) ?? derivedId(`${userId}/address/${i}`),
        userId,
        street: street!,
        colonia: textOf(a.colonia) ?? textOf(a.neighborhood),
        city: city!,
        state: state!,
        zipCode: zip,
        country: textOf(a.country) ?? "México",
        references: textOf(a.references),
        isDefault,
      })
      .onConflictDoNothing();
  }
}

// ——— images ———

/** The URLs an old image was known by: the full URL and, for an absolute one, its path. */
function urlKeys(url: string): string[] {
  const keys = [url];
  try {
    const parsed = new URL(url);
    keys.push(parsed.pathname);
  } catch {
    // a path already
  }
  return keys;
}

async function writeImage(tx: Tx, run: Run, doc: MongoDocument, _notes: string[]): Promise<Outcome> {
  const url = textOf(doc.fullUrl) ?? textOf(doc.url);
  const id = idOf(doc._id) ?? (url ? derivedId(`image:${url}`) : refuse(M.badId));
  const remember = () => {
    for (const key of url ? urlKeys(url) : []) run.imageUrls.set(key, galleryImagePath(id));
  };
  if (await exists(tx, images, id)) {
    remember();
    return "unchanged";
  }
  const names = [
    ...new Set(
      [url ? path.posix.basename(urlKeys(url).at(-1)!) : null, textOf(doc.id), textOf(doc.filename), textOf(doc.originalName)]
        .filter((n): n is string => Boolean(n))
        .map((n) => path.basename(n)),
    ),
  ];
  const file = names
    .flatMap((name) => IMAGE_FOLDERS.map((folder) => path.join(run.dir, folder, name)))
    .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!file) refuse(M.imageFileMissing(names));
  // Read whole only when an upload could be that big.
  if (fs.statSync(file!).size > GALLERY_MAX_BYTES) refuse(M.imageNotUsable(PROBLEM_MESSAGES["too-large"]));
  const prepared = await prepareGalleryImage(fs.readFileSync(file!), textOf(doc.originalName) ?? path.basename(file!));
  if (!prepared.ok) refuse(M.imageNotUsable(PROBLEM_MESSAGES[prepared.failure]));
  await insertGalleryImage(tx, id, prepared.value, { uploadedAt: dateOf(doc.uploadedAt) ?? undefined });
  remember();
  return "imported";
}

// ——— products ———

async function writeProduct(tx: Tx, run: Run, doc: MongoDocument, notes: string[]): Promise<Outcome> {
  const id = idOrRefuse(doc);
  if (await exists(tx, products, id)) return "unchanged";
  const given = (Array.isArray(doc.images) ? doc.images : [doc.images]).map(textOf).filter((u): u is string => u !== null);
  const mapped = given.map(
    (url) =>
      urlKeys(url)
        .map((k) => run.imageUrls.get(k))
        .find(Boolean) ?? url,
  );
  const usable = mapped.filter(isProductImageUrl);
  // With none usable, the schema's refusal names them.
  if (usable.length > 0) for (const url of mapped.filter((u) => !isProductImageUrl(u))) notes.push(M.productImageDropped(url));
  // The old shop showed a sale price of 0 as no sale (a falsy value).
  const salePrice = centsOf(doc.salePrice) === 0 ? "" : moneyText(doc.salePrice);
  const raw: Partial<Record<ProductRowField, unknown>> = {
    name: textOf(doc.name) ?? "",
    description: textOf(doc.description) ?? "",
    category: textOf(doc.category) ?? "",
    rarity: textOf(doc.rarity) ?? "",
    type: textOf(doc.type) ?? "",
    expansion: textOf(doc.expansion) ?? "",
    cardNumber: textOf(doc.cardNumber) ?? "",
    artist: textOf(doc.artist) ?? "",
    comment: textOf(doc.comment) ?? "",
    images: usable.length > 0 ? usable : mapped,
    price: moneyText(doc.price),
    salePrice,
    stock: numberText(doc.stock) ?? "",
    // The old product is one variant: a single Near Mint in English, a sealed product or an accessory 'Nuevo'.
    condition: "",
    language: "",
  };
  const parsed = parseProductInput(raw, "new");
  if (!parsed.ok) refuse(productErrorText(parsed.failure));
  await insertProductRow(tx, parsed.value, { id, dateAdded: dateOf(doc.dateAdded) ?? dateOf(doc.createdAt) ?? new Date() });
  run.productsWritten = true;
  return "imported";
}

// ——— coupons ———

async function writeCoupon(tx: Tx, _run: Run, doc: MongoDocument, _notes: string[]): Promise<Outcome> {
  const id = idOrRefuse(doc);
  if (await exists(tx, coupons, id)) return "unchanged";
  const code = (textOf(doc.code) ?? "").toUpperCase();
  if (!code || code.length > COUPON_LIMITS.code || !COUPON_CODE_PATTERN.test(code)) refuse(M.couponCodeInvalid);
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), ne(coupons.id, id)))
    .limit(1);
  if (taken) refuse(M.couponCodeTaken(code));
  const percent = integerOf(doc.discountPercent);
  if (percent === null || percent < COUPON_LIMITS.minPercent || percent > COUPON_LIMITS.maxPercent) refuse(M.couponPercentInvalid);
  const type = textOf(doc.type) ?? "general";
  if (!isCouponType(type)) refuse(M.couponTypeInvalid(type));
  const createdAt = dateOf(doc.createdAt) ?? new Date();
  const daysValid = integerOf(doc.daysValid);
  const expiresAt =
    dateOf(doc.expiresAt) ??
    (daysValid !== null
      ? new Date(createdAt.getTime() + daysValid * 86_400_000)
      : refuse(M.required("la fecha de vencimiento (expiresAt)")));
  const maxUses = doc.maxUses === null || doc.maxUses === undefined ? null : integerOf(doc.maxUses);
  if (maxUses !== null && maxUses < 1) refuse(M.invalid("maxUses"));
  if (doc.maxUses !== null && doc.maxUses !== undefined && maxUses === null) refuse(M.notWhole("maxUses"));
  const usedCount = doc.usedCount === null || doc.usedCount === undefined ? 0 : integerOf(doc.usedCount);
  if (usedCount === null || usedCount < 0) refuse(M.notWhole("usedCount"));
  if (maxUses !== null && usedCount! > maxUses) refuse(M.couponUsesInvalid);
  const userId = refOf(doc.user);
  await tx.insert(coupons).values({
    id,
    code,
    discountPercent: percent!,
    type,
    expiresAt,
    description: textOf(doc.description),
    maxUses,
    usedCount: usedCount!,
    isActive: booleanOf(doc.isActive, true),
    userId: (await userExists(tx, userId)) ? userId : null,
    createdAt,
  });
  return "imported";
}

// ——— orders ———

/** Money a document must have: centavos, or the refusal naming the field. */
function requiredCents(doc: Record<string, unknown>, field: string): number {
  if (doc[field] === undefined || doc[field] === null) refuse(M.required(field));
  return centsOf(doc[field]) ?? refuse(M.notMoney(field));
}

function optionalCents(doc: Record<string, unknown>, field: string): number | null {
  if (doc[field] === undefined || doc[field] === null) return null;
  return centsOf(doc[field]) ?? refuse(M.notMoney(field));
}

async function writeOrder(tx: Tx, _run: Run, doc: MongoDocument, notes: string[]): Promise<Outcome> {
  const id = idOrRefuse(doc);
  if (await exists(tx, orders, id)) return "unchanged";

  const orderStatusText = textOf(doc.orderStatus);
  const orderStatus = legacyOrderStatus(orderStatusText) ?? refuse(M.unknownOrderStatus(orderStatusText ?? ""));
  const paymentStatusText = textOf(doc.paymentStatus);
  const paymentStatus = legacyPaymentStatus(paymentStatusText) ?? refuse(M.unknownPaymentStatus(paymentStatusText ?? ""));
  const shippingMethod = (textOf(doc.shippingMethod) ?? "").toLowerCase();
  if (!isShippingMethodId(shippingMethod)) refuse(M.unknownShippingMethod(textOf(doc.shippingMethod) ?? ""));

  const subtotalCents = requiredCents(doc, "subtotal");
  const shippingCostCents = optionalCents(doc, "shippingCost") ?? 0;
  const discountCents = optionalCents(doc, "discount") ?? optionalCents(doc, "couponDiscount") ?? 0;
  const totalCents = optionalCents(doc, "total") ?? subtotalCents + shippingCostCents - discountCents;
  const finalTotalCents = optionalCents(doc, "finalTotal") ?? totalCents;

  const items = Array.isArray(doc.items) ? doc.items : [];
  if (items.length === 0) refuse(M.noItems);
  const lines = [];
  for (const [i, raw] of items.entries()) {
    const item = objectOf(raw) ?? refuse(M.itemInvalid(i, M.notAnObject));
    const name = textOf(item.name) ?? refuse(M.itemInvalid(i, M.required("name")));
    const unitPriceCents = centsOf(item.price) ?? refuse(M.itemInvalid(i, M.notMoney("price")));
    const quantity = integerOf(item.quantity);
    if (quantity === null || quantity <= 0) refuse(M.itemInvalid(i, M.notWhole("quantity")));
    const productId = refOf(item.product) ?? refOf(item.productId);
    lines.push({
      id: idOf(item._id) ?? derivedId(`${id}/item/${i}`),
      productId,
      name,
      image: textOf(item.image),
      unitPriceCents,
      quantity: quantity!,
    });
  }

  let userId = refOf(doc.user);
  if (userId !== null && !(await userExists(tx, userId))) {
    notes.push(M.userMissing(userId));
    userId = null;
  }
  const [account] = userId
    ? await tx.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId))
    : [];
  const address = objectOf(doc.shippingAddress) ?? {};
  const contactName = textOf(address.name) ?? textOf(address.fullName) ?? account?.name ?? "";
  const contactPhone = textOf(address.phone) ?? account?.phone ?? "";
  const guestEmail = textOf(doc.guestEmail)?.toLowerCase() ?? null;
  // The old number is kept (upper-cased: 'Consulta tu pedido' upper-cases what is typed) when the
  // shop can look it up; anything else gets a number of the shop's, and the report says so.
  const oldNumber = textOf(doc.orderNumber);
  const orderNumber = oldNumber && mayNameOrder(oldNumber.toUpperCase()) ? oldNumber.toUpperCase() : newOrderNumber();
  if (oldNumber && orderNumber !== oldNumber.toUpperCase()) notes.push(M.orderNumberReplaced(oldNumber, orderNumber));
  const [numberTaken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  if (numberTaken) refuse(M.orderNumberTaken(orderNumber));

  const points = objectOf(doc.loyaltyPoints);
  const pointsEarned = wholePartOf(points ? points.earned : doc.loyaltyPoints)?.value ?? 0;
  const pointsUsed = wholePartOf(points ? (points.used ?? points.spent) : doc.pointsUsed)?.value ?? 0;
  const createdAt = dateOf(doc.createdAt) ?? new Date();
  const unpaid = orderStatus === "pending" && (paymentStatus === "pending" || paymentStatus === "rejected");

  await tx.insert(orders).values({
    id,
    orderNumber,
    // The key 'Consulta tu pedido' hands out is made from it: without one an old order is never found there.
    checkoutToken: newCheckoutToken(),
    userId,
    guestEmail,
    contactName,
    contactPhone,
    shippingAddress: {
      name: contactName,
      phone: contactPhone,
      street: textOf(address.street) ?? "",
      colonia: textOf(address.colonia) ?? textOf(address.neighborhood),
      city: textOf(address.city) ?? "",
      state: textOf(address.state) ?? "",
      zipCode: textOf(address.zipCode) ?? "",
      country: textOf(address.country) ?? "México",
      references: textOf(address.references),
    },
    shippingMethod,
    shippingCostCents,
    subtotalCents,
    discountCents,
    pointsUsed: Math.max(0, pointsUsed),
    pointsEarned: Math.max(0, pointsEarned),
    totalCents,
    finalTotalCents,
    couponCode: textOf(doc.couponCode)?.toUpperCase() ?? null,
    orderStatus,
    paymentStatus,
    paymentId: textOf(doc.paymentId),
    paymentMethod: textOf(doc.paymentMethod) ?? "mercadopago",
    trackingNumber: textOf(doc.trackingNumber),
    whatsappNotifications: booleanOf(doc.whatsappNotifications),
    notes: textOf(doc.notes),
    cancelReason: textOf(doc.cancelReason),
    cancelledAt: dateOf(doc.cancelledAt),
    cancelledBy: textOf(doc.cancelledBy) ?? (idOf(doc.cancelledBy) || null),
    holdUntil: unpaid ? NO_EXPIRY : createdAt,
    search: orderSearchText({ orderNumber, contactName, email: guestEmail, accountName: account?.name, accountEmail: account?.email }),
    createdAt,
    updatedAt: dateOf(doc.updatedAt) ?? createdAt,
  });

  // Each line names its product when it is in the shop, and that product's one variant (as migration 0008 did for the shop's own old lines).
  for (const l of lines) {
    const [product] = l.productId ? await tx.select({ id: products.id }).from(products).where(eq(products.id, l.productId)) : [];
    const [variant] = product
      ? await tx
          .select({ id: productVariants.id, condition: productVariants.condition, language: productVariants.language })
          .from(productVariants)
          .where(and(eq(productVariants.productId, product.id), isNull(productVariants.archivedAt)))
          .orderBy(sql`${productVariants.id} = ${firstVariantId(product.id)} desc`, asc(productVariants.id))
          .limit(1)
      : [];
    await tx.insert(orderItems).values({
      id: l.id,
      orderId: id,
      productId: product?.id ?? null,
      variantId: variant?.id ?? null,
      condition: variant?.condition ?? null,
      language: variant?.language ?? null,
      name: l.name,
      image: l.image,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    });
  }
  return "imported";
}

// ——— loyalty ———

/** Points as the shop keeps them (whole numbers): decimals dropped with a notice. */
function points(value: unknown, field: string, notes: string[]): number | null {
  if (value === undefined || value === null) return null;
  const n = wholePartOf(value) ?? refuse(M.notWhole(field));
  if (n.rounded) notes.push(M.pointsRounded(field, n.text));
  return n.value;
}

interface Movement {
  id: string;
  userId: string;
  type: ReturnType<typeof legacyPointsType>;
  amount: number;
  description: string;
  orderId: string | null;
  createdAt: Date;
}

/** One old movement as the shop's ledger row: spent is negative, whatever sign the old record gave it. */
async function movementOf(
  tx: Tx,
  doc: Record<string, unknown>,
  id: string,
  userId: string,
  notes: string[],
  label: string,
): Promise<Movement> {
  const type = legacyPointsType(textOf(doc.type));
  const amount = points(doc.amount, `${label}amount`, notes) ?? refuse(M.required(`${label}amount`));
  const orderRef = refOf(doc.order) ?? refOf(doc.orderId);
  let orderId: string | null = null;
  if (orderRef && (await exists(tx, orders, orderRef))) {
    // One movement of a kind per order (the ledger's unique index): a second keeps no link.
    const [taken] = await tx
      .select({ id: loyaltyTransactions.id })
      .from(loyaltyTransactions)
      .where(and(eq(loyaltyTransactions.orderId, orderRef), eq(loyaltyTransactions.type, type)))
      .limit(1);
    if (!taken) orderId = orderRef;
  }
  return {
    id,
    userId,
    type,
    amount: type === "spent" ? -Math.abs(amount) : amount,
    description: textOf(doc.description) ?? "Movimiento de la tienda anterior",
    orderId,
    createdAt: dateOf(doc.createdAt) ?? new Date(),
  };
}

async function writeLoyaltyAccount(tx: Tx, run: Run, doc: MongoDocument, notes: string[]): Promise<Outcome> {
  const userId = refOf(doc.user) ?? refOf(doc.userId);
  if (!(await userExists(tx, userId))) refuse(M.accountUserMissing);
  const accountId = idOf(doc._id);
  if (accountId) run.accountUsers.set(accountId, userId!);
  const [existing] = await tx.select({ userId: loyaltyAccounts.userId }).from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId!));
  if (existing) return "unchanged";

  const movements: Movement[] = [];
  for (const [i, raw] of (Array.isArray(doc.transactions) ? doc.transactions : []).entries()) {
    const t = objectOf(raw) ?? refuse(M.invalid(`transactions.${i}`));
    movements.push(await movementOf(tx, t, idOf(t._id) ?? derivedId(`${userId}/loyalty/${i}`), userId!, notes, `transactions.${i}.`));
  }
  const balance = points(doc.balance, "balance", notes) ?? movements.reduce((sum, m) => sum + m.amount, 0);
  if (balance < 0) refuse(M.invalid("balance"));
  const spentOfMovements = movements.filter((m) => m.type === "spent").reduce((sum, m) => sum - m.amount, 0);
  const totalSpent = points(doc.totalSpent, "totalSpent", notes) ?? spentOfMovements;
  if (totalSpent < 0) refuse(M.invalid("totalSpent"));
  const givenEarned = points(doc.totalEarned, "totalEarned", notes);
  // The shop keeps balance = earned − spent: the balance is what the customer has, so it wins.
  const totalEarned = balance + totalSpent;
  if (givenEarned !== null && givenEarned !== totalEarned) notes.push(M.balanceRebuilt(balance, totalEarned, totalSpent));

  await tx.insert(loyaltyAccounts).values({
    userId: userId!,
    balance,
    totalEarned,
    totalSpent,
    updatedAt: dateOf(doc.updatedAt) ?? new Date(),
  });
  for (const m of movements) await tx.insert(loyaltyTransactions).values(m).onConflictDoNothing({ target: loyaltyTransactions.id });
  return "imported";
}

async function writeLoyaltyMovement(tx: Tx, run: Run, doc: MongoDocument, notes: string[]): Promise<Outcome> {
  const id = idOrRefuse(doc);
  const [existing] = await tx.select({ id: loyaltyTransactions.id }).from(loyaltyTransactions).where(eq(loyaltyTransactions.id, id));
  if (existing) return "unchanged";
  const accountRef = refOf(doc.account) ?? refOf(doc.loyaltyAccount);
  const userId = refOf(doc.user) ?? refOf(doc.userId) ?? (accountRef ? (run.accountUsers.get(accountRef) ?? null) : null);
  if (!(await userExists(tx, userId))) refuse(M.required("el usuario (user) de la tienda"));
  await tx.insert(loyaltyTransactions).values(await movementOf(tx, doc, id, userId!, notes, ""));
  // The account's balance came with the account; a user without one gets it from their movements at the end.
  run.movementUsers.add(userId!);
  return "imported";
}

/**
 * Users whose movements came without an account get one made from those movements (earned minus
 * spent; never below 0), so the ledger and the balance agree. Already there: left as it is.
 */
async function openAccountsFromMovements(run: Run): Promise<void> {
  for (const userId of run.movementUsers) {
    await run.db.transaction(async (tx) => {
      const [account] = await tx.select({ userId: loyaltyAccounts.userId }).from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
      if (account) return;
      const [sums] = await tx
        .select({
          spent: sql<number>`coalesce(sum(-${loyaltyTransactions.amount}) filter (where ${loyaltyTransactions.type} = 'spent'), 0)::int`,
          earned: sql<number>`coalesce(sum(${loyaltyTransactions.amount}) filter (where ${loyaltyTransactions.type} <> 'spent'), 0)::int`,
        })
        .from(loyaltyTransactions)
        .where(eq(loyaltyTransactions.userId, userId));
      const totalSpent = Math.max(0, Number(sums?.spent ?? 0));
      const balance = Math.max(0, Number(sums?.earned ?? 0) - totalSpent);
      await tx.insert(loyaltyAccounts).values({ userId, balance, totalEarned: balance + totalSpent, totalSpent });
      run.report.notices.push({ collection: "loyaltytransactions", file: "", at: null, id: userId, message: M.accountCreated(balance) });
    });
  }
}
