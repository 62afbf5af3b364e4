/**
 * Importing the old shop's MongoDB data (docs/architecture.md#importing-the-old-shops-mongodb-data):
 * the collections it reads, how the old statuses read in the shop's words, and the report's
 * Spanish messages (the shop's owner reads it). Pure: the reading and writing are in
 * server/importer/mongo/.
 */
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from "./statuses";
import { BCRYPT_COSTS } from "./password-hash";

/** The collections, in the order they are written (a later one refers to earlier ones). */
export const MONGO_COLLECTIONS = ["users", "images", "products", "coupons", "orders", "loyaltyaccounts", "loyaltytransactions"] as const;
export type MongoCollection = (typeof MONGO_COLLECTIONS)[number];

/**
 * The file names (without `.json`, `.bson`, `.gz`) each collection is read from, compared in lower
 * case with `_` and `-` dropped: a Mongoose model's collection name (`LoyaltyAccount` →
 * `loyaltyaccounts`), and the names an export by hand may have used.
 */
export const MONGO_COLLECTION_FILES: Record<MongoCollection, readonly string[]> = {
  users: ["users", "user", "usuarios"],
  images: ["images", "image", "imagenes"],
  products: ["products", "product", "productos"],
  coupons: ["coupons", "coupon", "cupones"],
  orders: ["orders", "order", "pedidos"],
  loyaltyaccounts: ["loyaltyaccounts", "loyaltyaccount", "loyalties", "loyalty", "loyaltypoints"],
  loyaltytransactions: ["loyaltytransactions", "loyaltytransaction", "pointstransactions"],
};

/** The collection a dump file holds, by its name (`shop/users.bson.gz` → users); null for any other file (`*.metadata.json` too). */
export function mongoCollectionOf(fileName: string): MongoCollection | null {
  const match = /^(.+?)\.(json|jsonl|ndjson|bson)(\.gz)?$/i.exec(fileName);
  if (!match || /\.metadata$/i.test(match[1]!)) return null;
  const base = match[1]!.toLowerCase().replace(/[_-]/g, "");
  for (const collection of MONGO_COLLECTIONS) if (MONGO_COLLECTION_FILES[collection].includes(base)) return collection;
  return null;
}

/** The report's names of the collections. */
export const MONGO_COLLECTION_LABELS: Record<MongoCollection, string> = {
  users: "Usuarios",
  images: "Imágenes",
  products: "Productos",
  coupons: "Cupones",
  orders: "Pedidos",
  loyaltyaccounts: "Cuentas de puntos",
  loyaltytransactions: "Movimientos de puntos",
};

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** A status's label ('Enviado', 'Pago aprobado') folded as `fold` reads it, to its code. */
const byLabel = <S extends string>(labels: Record<S, string>): Record<string, S> =>
  Object.fromEntries(Object.entries(labels).map(([code, label]) => [fold(label as string), code])) as Record<string, S>;

/**
 * The old order statuses as the shop's: its own five, their Spanish labels, and the spellings an
 * old record may carry ('canceled', 'completed'). Anything else is refused, never guessed: a wrong
 * 'pending' could be paid again, a wrong 'cancelled' hides a sale.
 */
const ORDER_STATUS_WORDS: Record<string, OrderStatus> = {
  ...byLabel(ORDER_STATUS_LABELS),
  en_proceso: "processing",
  completed: "delivered",
  complete: "delivered",
  completado: "delivered",
  canceled: "cancelled",
};

/** The same for payment statuses (their labels, and one word: 'pendiente'…): 'paid' is approved, 'failed' rejected; 'cancelled' says nothing of the money and is refused. */
const PAYMENT_STATUS_WORDS: Record<string, PaymentStatus> = {
  ...byLabel(PAYMENT_STATUS_LABELS),
  pendiente: "pending",
  in_process: "pending",
  in_progress: "pending",
  aprobado: "approved",
  paid: "approved",
  pagado: "approved",
  rechazado: "rejected",
  failed: "rejected",
  declined: "rejected",
  reembolsado: "refunded",
};

/** An old order status in the shop's words; a missing one is 'pending' (the old model's default); null when unknown. */
export function legacyOrderStatus(value: string | null): OrderStatus | null {
  if (value === null || value.trim() === "") return "pending";
  const word = fold(value);
  if ((ORDER_STATUSES as readonly string[]).includes(word)) return word as OrderStatus;
  return ORDER_STATUS_WORDS[word] ?? null;
}

/** An old payment status in the shop's words; a missing one is 'pending' (the old model's default); null when unknown. */
export function legacyPaymentStatus(value: string | null): PaymentStatus | null {
  if (value === null || value.trim() === "") return "pending";
  const word = fold(value);
  if ((PAYMENT_STATUSES as readonly string[]).includes(word)) return word as PaymentStatus;
  return PAYMENT_STATUS_WORDS[word] ?? null;
}

/** The shop's point movement types; an old 'earned' or 'spent' stays, anything else reads as an adjustment ('Ajuste'). */
export function legacyPointsType(value: string | null): "earned" | "spent" | "refunded" | "reversed" | "adjustment" {
  const word = value ? fold(value) : "";
  return word === "earned" || word === "spent" || word === "refunded" || word === "reversed" ? word : "adjustment";
}

/** A size in the report: "2 GiB", "16 MiB", "512 KiB", else bytes. */
export function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ["GiB", 1024 ** 3],
    ["MiB", 1024 ** 2],
    ["KiB", 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** The report's words: refusals and notices name the field as the old record does. */
export const MONGO_IMPORT_MESSAGES = {
  usage:
    "Uso: npm run import:mongo -- CARPETA [--max-file-mb N] (la carpeta de mongoexport o mongodump de la tienda anterior; N: los MiB que puede dar cada archivo ya descomprimido, 2048 si no se indica)",
  dirMissing: (dir: string) => `No existe la carpeta ${dir}.`,
  notADir: (dir: string) => `${dir} no es una carpeta.`,
  dirUnreadable: (dir: string, reason: string) => `No se pudo leer la carpeta ${dir}: ${reason}`,
  noFiles: (dir: string) =>
    `No se encontró ningún archivo de colección en ${dir} (users, products, orders, coupons, loyaltyaccounts, loyaltytransactions, images; .json, .bson o .gz).`,
  fileUnreadable: (reason: string) => `No se pudo leer el archivo: ${reason}`,
  notGzip: "El archivo .gz no es un gzip válido",
  gzipDamaged: "El archivo .gz está truncado o dañado: se deja de leer el archivo ahí (lo anterior sí se leyó)",
  fileTooLarge: (limit: number) =>
    `El archivo pasa de ${sizeText(limit)} (ya descomprimido): se deja de leer ahí (lo anterior sí se leyó). Si de verdad es tan grande, vuelve a ejecutar con --max-file-mb`,
  bsonTooLarge: (offset: number, size: number, limit: number) =>
    `El documento BSON del byte ${offset} dice medir ${size} bytes, más que el máximo de ${sizeText(limit)}: el archivo está dañado; se deja de leer el archivo`,
  jsonTooLarge: (limit: number) => `El documento pasa de ${sizeText(limit)} de texto: se deja de leer el archivo`,
  brokenJson: (reason: string) => `JSON inválido: ${reason}`,
  notAnObject: "No es un documento (se esperaba un objeto JSON)",
  brokenArray: (reason: string) => `El arreglo JSON está dañado: ${reason}; se deja de leer el archivo (lo anterior sí se leyó)`,
  arrayNotClosed: "termina sin cerrar el arreglo (¿archivo truncado?)",
  textAfterArray: "hay texto después del cierre del arreglo",
  truncatedBson: (offset: number) => `BSON truncado o dañado desde el byte ${offset}: se deja de leer el archivo`,
  brokenBson: (reason: string) => `Documento BSON dañado: ${reason}`,
  alreadyImported: "ya importado",
  badId: "El _id no es un ObjectId (24 caracteres hexadecimales)",
  required: (field: string) => `Falta ${field}`,
  invalid: (field: string) => `${field} no es válido`,
  notMoney: (field: string) => `${field} no es una cantidad de dinero válida (mayor o igual a 0, con hasta 2 decimales)`,
  notWhole: (field: string) => `${field} debe ser un número entero`,
  emailInvalid: "El correo (email) no es válido",
  emailTaken: "Otra cuenta de la tienda ya tiene este correo",
  noPasswordHash:
    "La contraseña (password) no es un hash bcrypt ($2a$, $2b$ o $2y$): la cuenta se importó sin contraseña utilizable y el cliente deberá usar 'Olvidé mi contraseña'",
  passwordCostOutOfRange: (cost: number, email: string) =>
    `La contraseña (password) es un hash bcrypt de costo ${cost}, fuera de ${BCRYPT_COSTS.min} a ${BCRYPT_COSTS.max} (iniciar sesión con él tardaría horas o fallaría): la cuenta ${email} se importó sin contraseña utilizable y el cliente deberá usar 'Olvidé mi contraseña'`,
  addressSkipped: (index: number, reason: string) => `Dirección ${index + 1} omitida: ${reason}`,
  zipCodeInvalid: "el código postal (zipCode) debe tener 5 dígitos",
  unknownOrderStatus: (value: string) => `Estado del pedido (orderStatus) desconocido: '${value}'`,
  unknownPaymentStatus: (value: string) => `Estado del pago (paymentStatus) desconocido: '${value}'`,
  unknownShippingMethod: (value: string) => `Método de envío (shippingMethod) desconocido: '${value}' (estafeta o dhl)`,
  noItems: "El pedido no tiene productos (items)",
  itemInvalid: (index: number, reason: string) => `Producto ${index + 1} del pedido: ${reason}`,
  orderNumberTaken: (number: string) => `El número de pedido ${number} ya es de otro pedido de la tienda`,
  orderNumberReplaced: (old: string, number: string) =>
    `El número de pedido '${old}' no es de 3 a 32 letras, dígitos o guiones: el pedido se importó con el número ${number}`,
  userMissing: (id: string) => `El usuario ${id} no está en la tienda: el pedido queda como de invitado`,
  couponCodeInvalid: "El código (code) debe tener de 1 a 20 letras sin acentos, dígitos, '-' o '_'",
  couponCodeTaken: (code: string) => `Otro cupón de la tienda ya tiene el código ${code}`,
  couponPercentInvalid: "El descuento (discountPercent) debe ser un entero de 1 a 100",
  couponTypeInvalid: (value: string) => `Tipo de cupón (type) desconocido: '${value}' (general o single-use)`,
  couponUsesInvalid: "Los usos (usedCount) superan el máximo (maxUses)",
  accountUserMissing: "La cuenta de puntos no es de ningún usuario importado (user)",
  pointsRounded: (field: string, value: string) => `${field} tenía decimales (${value}): se guardó sin ellos`,
  balanceRebuilt: (balance: number, earned: number, spent: number) =>
    `El saldo no cuadraba con lo ganado y lo usado: se conservó el saldo ${balance} y lo usado ${spent}, y lo ganado quedó en ${earned}`,
  accountCreated: (balance: number) => `El usuario no tenía cuenta de puntos: se creó con el saldo de sus movimientos (${balance})`,
  imageFileMissing: (names: readonly string[]) =>
    `No se encontró el archivo de la imagen (se buscó ${names.map((n) => `images/${n}`).join(", ")}): los productos conservan su dirección original`,
  imageNotUsable: (reason: string) => `El archivo de la imagen no se pudo usar: ${reason}`,
  productImageDropped: (url: string) => `Imagen omitida (no es https:// ni una ruta de la tienda): ${url}`,
} as const;

/** A document left out, or a note on one that was written, with where it is in the dump. */
export interface MongoImportLine {
  collection: MongoCollection;
  /** The file, relative to the dump's folder. */
  file: string;
  /** "línea 4", "documento 2 (byte 120)"; null for the whole file. */
  at: string | null;
  /** The document's _id as written (when it has one). */
  id: string | null;
  message: string;
}

export interface MongoImportCount {
  /** Documents in the files (readable or not). */
  read: number;
  imported: number;
  /** Already in the shop (a second run): left as they are. */
  unchanged: number;
  refused: number;
}

export interface MongoImportReport {
  files: string[];
  counts: Record<MongoCollection, MongoImportCount>;
  refusals: MongoImportLine[];
  notices: MongoImportLine[];
}

export function emptyMongoImportCounts(): Record<MongoCollection, MongoImportCount> {
  return Object.fromEntries(MONGO_COLLECTIONS.map((c) => [c, { read: 0, imported: 0, unchanged: 0, refused: 0 }])) as Record<
    MongoCollection,
    MongoImportCount
  >;
}

const where = (line: MongoImportLine) => [line.file, line.at, line.id ? `_id ${line.id}` : null].filter(Boolean).join(", ");

/** The report as the command prints it: the files read, a table of counts, then each refusal and notice with its place. */
export function mongoImportReportText(report: MongoImportReport): string {
  const out: string[] = ["Archivos leídos:", ...report.files.map((f) => `  ${f}`), ""];
  const width = Math.max(...Object.values(MONGO_COLLECTION_LABELS).map((l) => l.length));
  out.push(`${"Colección".padEnd(width)}  ${["leídos", "importados", "ya importados", "rechazados"].join("  ")}`);
  for (const c of MONGO_COLLECTIONS) {
    const n = report.counts[c];
    out.push(
      `${MONGO_COLLECTION_LABELS[c].padEnd(width)}  ${String(n.read).padStart(6)}  ${String(n.imported).padStart(10)}  ${String(n.unchanged).padStart(13)}  ${String(n.refused).padStart(10)}`,
    );
  }
  out.push("");
  out.push(report.refusals.length === 0 ? "Rechazos: ninguno." : `Rechazos (${report.refusals.length}, no se escribió nada de ellos):`);
  for (const r of report.refusals) out.push(`  - ${MONGO_COLLECTION_LABELS[r.collection]}: ${where(r)}: ${r.message}`);
  if (report.notices.length > 0) {
    out.push("", `Avisos (${report.notices.length}, el documento sí se importó):`);
    for (const r of report.notices) out.push(`  - ${MONGO_COLLECTION_LABELS[r.collection]}: ${where(r)}: ${r.message}`);
  }
  return out.join("\n");
}
