/**
 * Orders' pure rules and texts (docs/requirements.md#orders-and-statuses,
 * docs/requirements.md#checkout): the order-number format, the order-status transition table the
 * admin moves orders through, who may cancel, and the checkout's Spanish messages. Browser-safe:
 * the checkout page and the admin's order view show these, the server enforces them.
 */
import { AUTH_MESSAGES, PROFILE_MESSAGES } from "./messages";

/**
 * Order numbers: `CV-` and 6 characters of an alphabet without look-alikes (no
 * 0/O, 1/I/L, U/V), so a number read over the phone is typed right. 29^6 ≈ 595
 * million numbers, drawn at random: unguessable in sequence.
 */
export const ORDER_NUMBER_PREFIX = "CV-";
export const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const ORDER_NUMBER_LENGTH = 6;
export const ORDER_NUMBER_PATTERN = new RegExp(`^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`);

/** True for a number of the shop's own ("CV-7K3Q9M"): what the checkout gives and its cookie may hold. */
export function isOrderNumber(value: unknown): value is string {
  return typeof value === "string" && ORDER_NUMBER_PATTERN.test(value);
}

/**
 * Any number an order may have: the shop's own or one brought from the old shop by `npm run
 * import:mongo` ("ORD-1001"), kept upper-cased when it is 3 to 32 capital letters, digits and
 * dashes (docs/architecture.md#importing-the-old-shops-mongodb-data).
 */
export const ANY_ORDER_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** True for a string that may name an order (the shop's numbers and imported ones): where an order is looked up by its number. Anything else can never name one. */
export function mayNameOrder(value: unknown): value is string {
  return typeof value === "string" && ANY_ORDER_NUMBER_PATTERN.test(value);
}

/**
 * An order number from `randomValues` (one byte per character; the caller
 * passes cryptographically random bytes). Bytes above the largest multiple of
 * the alphabet's size are skipped, so every character is equally likely.
 */
export function orderNumberFrom(randomValues: Uint8Array): string | null {
  const size = ORDER_NUMBER_ALPHABET.length;
  const limit = 256 - (256 % size);
  let out = "";
  for (const byte of randomValues) {
    if (byte >= limit) continue;
    out += ORDER_NUMBER_ALPHABET[byte % size];
    if (out.length === ORDER_NUMBER_LENGTH) return ORDER_NUMBER_PREFIX + out;
  }
  return null;
}

/** Who cancelled an order (`orders.cancelled_by`). */
export const CANCELLED_BY = ["sistema", "admin", "cliente"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** How an order whose total was 0 (coupon and points covered it) was paid: nothing was charged. */
export const NO_CHARGE_PAYMENT_METHOD = "sin-cargo";

/**
 * Stock holds (decision record 015). An unpaid order holds its stock, coupon use and points for
 * UNPAID_ORDER_HOLD_MINUTES (a setting; this is its default) from when it was placed. A pending
 * payment the provider reports (cash at OXXO, a SPEI transfer) holds the order until that
 * payment's own expiry plus PENDING_PAYMENT_GRACE_MINUTES (the provider's confirmation of a
 * payment made at the last minute arrives a little later), or PENDING_PAYMENT_HOLD_HOURS from the
 * report when the provider gives no expiry; a cash ticket is made to expire that long after its
 * payment link. A hold is never shortened. When it lapses, the order is cancelled and everything
 * comes back.
 */
export const DEFAULT_UNPAID_ORDER_HOLD_MINUTES = 30;
export const PENDING_PAYMENT_HOLD_HOURS = 72;
export const PENDING_PAYMENT_GRACE_MINUTES = 60;

/**
 * Unpaid orders on hold at once, per contact e-mail (or signed-in account) and per IP, before
 * RATE_LIMIT_FACTOR: a 4th for one e-mail, or a 6th from one IP, is refused (429).
 */
export const UNPAID_ORDER_CAPS = { perEmail: 3, perIp: 5 } as const;

/** What a return page or /confirmacion says of a cancelled order (decision record 015). */
export const CANCELLED_ORDER_MESSAGES = {
  title: "Tu pedido fue cancelado",
  lead: (orderNumber: string) =>
    `Tu pedido ${orderNumber} se canceló porque el tiempo para pagarlo terminó (o la tienda lo canceló), y sus productos volvieron a la venta.`,
  refundDue:
    "Recibimos un pago para este pedido después de que se canceló: te lo devolveremos por el mismo medio. Si tienes dudas, escríbenos con tu número de pedido.",
  noCharge:
    "No se realizó ningún cargo por este pedido. Si aún quieres los productos, vuelve a agregarlos a tu carrito mientras haya existencia.",
} as const;

/** The reason the expiry job writes on an order nobody paid before its hold lapsed. */
export const UNPAID_ORDER_CANCEL_REASON = "Pago no recibido a tiempo: los productos apartados volvieron a la venta";

/** The admin's status words (the rules that use them: domain/fulfilment.ts). */
export const ORDER_STATUS_MESSAGES = {
  trackingNumberRequired: "Por favor ingresa el número de rastreo antes de marcar como enviado",
  cancelledIsFinal: "Un pedido cancelado no puede cambiar de estado",
  unknownStatus: "Estado de pedido no válido",
} as const;

/** The tracking number the admin types to mark an order shipped (`TRACKING_NUMBER_PATTERN`, domain/shipping.ts). */
export const TRACKING_MESSAGES = {
  required: ORDER_STATUS_MESSAGES.trackingNumberRequired,
  invalid: "El número de rastreo debe tener de 6 a 40 letras o números",
} as const;

/** The checkout's texts (docs/requirements.md#checkout). */
export const CHECKOUT_MESSAGES = {
  /** 'Error al procesar la orden' followed by '. Por favor intenta de nuevo.' */
  failed: "Error al procesar la orden. Por favor intenta de nuevo.",
  emptyCart: "Tu carrito está vacío",
  invalidRequest: "La solicitud no es válida. Actualiza la página e intenta de nuevo.",
  /** UNPAID_ORDER_CAPS reached (429): pay or let lapse an order on hold first. */
  tooManyUnpaidOrders:
    "Hay demasiados pedidos sin pagar con este correo o desde esta conexión. Paga alguno de ellos o espera a que se cancele para hacer un pedido nuevo.",
  /** The shipping method is not one of the shop's. */
  shippingMethodInvalid: "Selecciona un método de envío",
  // Contact (name, email, phone required).
  nameRequired: AUTH_MESSAGES.nameRequired,
  nameTooLong: AUTH_MESSAGES.nameTooLong,
  nameInvalid: AUTH_MESSAGES.nameInvalid,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  phoneRequired: "El teléfono es requerido",
  phoneInvalid: AUTH_MESSAGES.phoneInvalid,
  // Address (street, city, state, zipCode required; zipCode max 5).
  streetRequired: PROFILE_MESSAGES.streetRequired,
  cityRequired: PROFILE_MESSAGES.cityRequired,
  stateRequired: PROFILE_MESSAGES.stateRequired,
  zipRequired: PROFILE_MESSAGES.zipRequired,
  zipInvalid: PROFILE_MESSAGES.zipInvalid,
  /** The colonia, required by the carrier chosen (Estafeta and DHL refuse a label without it). */
  coloniaRequired: (carrier: string) => `Escribe la colonia: ${carrier} la necesita para la guía de envío`,
  /** The colonia field's hint, while it is not refused. */
  coloniaHint: (carrier: string) => `${carrier} la necesita para la guía de envío.`,
  /** On a saved address's choice, when it has no colonia and the carrier needs one. */
  savedAddressNoColoniaNote: "Sin colonia: agrega una nueva dirección con su colonia",
  /** A saved address without a colonia, with a carrier that needs one. */
  savedAddressNoColonia: (carrier: string) =>
    `Esta dirección no tiene colonia y ${carrier} la necesita para la guía de envío. Agrega una nueva dirección con su colonia.`,
  /** A saved address that is not the signed-in customer's (or no longer exists). */
  savedAddressInvalid: "Selecciona una de tus direcciones guardadas o ingresa una nueva",
  // Coupon box (docs/requirements.md#checkout).
  couponEmpty: "Ingresa un código de cupón",
  couponInvalid: "Cupón inválido",
  couponInactive: "Este cupón no está activo",
  couponExpired: "Este cupón ha expirado",
  couponExhausted: "Este cupón ya alcanzó su límite de usos",
  couponUsed: "Este cupón ya fue utilizado",
  couponNotForYou: "Este cupón no es válido para tu cuenta",
  // Points.
  pointsNeedAccount: "Inicia sesión para usar tus puntos",
  /** A shopper's own double submit of a form whose order belongs to someone else's session. */
  tokenTaken: "Este formulario ya se usó. Actualiza la página e intenta de nuevo.",
} as const;

/** Why a coupon is refused at checkout (the keys of the reasons above). */
export type CouponRefusal = "couponInvalid" | "couponInactive" | "couponExpired" | "couponExhausted" | "couponUsed" | "couponNotForYou";

/**
 * 'Sin stock suficiente de: X (quedan 0), Y (queda 1)': the products that sold out meanwhile, named;
 * one the admin took out of the shop meanwhile reads 'X (ya no está disponible)'.
 */
export function soldOutMessage(products: readonly { name: string; available: number; unavailable?: boolean }[]): string {
  const parts = products.map((p) =>
    p.unavailable
      ? `${p.name} (ya no está disponible)`
      : p.available <= 0
        ? `${p.name} (agotado)`
        : `${p.name} (${p.available === 1 ? "queda 1" : `quedan ${p.available}`})`,
  );
  return products.length === 1
    ? `Ya no hay stock suficiente de ${parts[0]}. Ajusta tu carrito e intenta de nuevo.`
    : `Ya no hay stock suficiente de: ${parts.join(", ")}. Ajusta tu carrito e intenta de nuevo.`;
}

/** The coupon code as the box sends it: trimmed and upper-cased (docs/requirements.md#checkout). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Coupon codes are at most 20 characters (docs/requirements.md#coupons). */
export const COUPON_CODE_MAX_LENGTH = 20;

// --- Checkout page ---

/** The checkout form's intents: the page re-renders for the first four, places the order, or retries a stored order's payment. */
export const CHECKOUT_INTENTS = ["apply-coupon", "remove-coupon", "toggle-points", "change-shipping", "place", "retry"] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

/** What the checkout's 'new address' choice posts as `savedAddressId`. */
export const CHECKOUT_NEW_ADDRESS = "nueva";
