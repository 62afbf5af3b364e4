/** Loyalty programme facts the views need (docs/requirements.md#loyalty-points); the earning and spending rules are in pricing.ts. */
import { NOTICE_PARAM } from "./form-failure";
import { formatPoints } from "./format";
import { CONTROL_CHARACTER_BUT_LINE_BREAKS, normalizeLineBreaks } from "./forms";
import { isId } from "./ids";
import { fail, ok, type Result } from "./result";

/** The points tab invites the customer to use their points from this balance on. */
export const POINTS_PROMPT_THRESHOLD = 10;
/** Points show as whole numbers, rounded down. */
export function displayPoints(balance: number): number {
  return Math.max(0, Math.floor(balance));
}
/** The checkout's points box shows only above this balance. */
export const MIN_BALANCE_FOR_POINTS_BOX = 1;
/** Transactions shown on the points tab. */
export const RECENT_TRANSACTIONS_SHOWN = 15;

/**
 * A movement's type as the profile and the loyalty admin show it (docs/requirements.md#loyalty-points):
 * earned 'Ganados', spent 'Usados', points a refund could not take back 'Pendientes por reembolso',
 * their netting 'Descontados', anything else 'Ajuste'.
 */
export function pointsTransactionLabel(type: string): string {
  switch (type) {
    case "earned":
      return "Ganados";
    case "spent":
      return "Usados";
    case "owed":
      return "Pendientes por reembolso";
    case "settled":
      return "Descontados";
    default:
      return "Ajuste";
  }
}

/** A movement's points column: the signed amount, or for points owed how many ('29 pendientes'). */
export function pointsMovementAmount(movement: { type: string; amount: number; owed: number }): string {
  if (movement.type === "owed") return `${formatPoints(movement.owed)} pendientes`;
  return movement.amount > 0 ? `+${formatPoints(movement.amount)}` : formatPoints(movement.amount);
}

/** The tile of points owed (shown only when there are some). */
export const POINTS_OWED_LABEL = "Puntos pendientes por reembolso";
export const POINTS_OWED_EXPLAINER =
  "Son puntos que ganaste con un pedido reembolsado y que ya habías usado: se descuentan de los próximos puntos que ganes o que se te devuelvan.";

/** Customers per page of the loyalty admin's list (docs/requirements.md#loyalty-points). */
export const LOYALTY_ADMIN_PAGE_SIZE = 20;
/** The loyalty admin's history shows this many of a customer's latest movements. */
export const LOYALTY_ADMIN_HISTORY_LIMIT = 100;
/** An adjustment adds or takes at most this many points at once. */
export const MAX_POINTS_ADJUSTMENT = 100_000;
/** No adjustment may take a balance above this (the columns are 32-bit integers). */
export const MAX_POINTS_BALANCE = 1_000_000_000;
/** The adjustment's description: the textarea's and the server's cap. */
export const ADJUSTMENT_DESCRIPTION_MAX_LENGTH = 200;
/** The list's search box. */
export const LOYALTY_SEARCH_MAX_LENGTH = 100;

/** The loyalty admin's words (docs/requirements.md#admin-area). */
export const LOYALTY_ADMIN_MESSAGES = {
  loadFailed: "Error al cargar los puntos de lealtad",
  historyFailed: "Error al cargar el historial",
  adjusted: "Puntos ajustados exitosamente",
  adjustFailed: "Error al ajustar puntos",
  required: "Ingresa el monto y la descripción",
  amountNotWhole: "El monto debe ser un número entero, sin decimales",
  amountZero: "El monto no puede ser 0: usa un número positivo para sumar o negativo para restar",
  // The limits written out, not formatted at module load (decision record 007); domain/loyalty.test.ts keeps them in step.
  amountTooLarge: "El monto no puede superar 100,000 puntos (positivo o negativo)",
  descriptionTooLong: `La descripción no debe superar ${ADJUSTMENT_DESCRIPTION_MAX_LENGTH} caracteres`,
  descriptionInvalid: "La descripción contiene caracteres no válidos",
  insufficient: (balance: number) =>
    `El cliente no tiene puntos suficientes: su saldo es de ${formatPoints(displayPoints(balance))} puntos y no puede quedar en negativo`,
  balanceTooHigh: "El saldo no puede superar 1,000,000,000 puntos",
  customerNotFound: "No se encontró el cliente",
  empty: "No se encontraron usuarios con puntos",
  historyEmpty: "No hay transacciones registradas",
} as const;

/**
 * The new balance an adjustment would leave, or null while the amount typed is not a whole,
 * non-zero number (the adjust form's projection; the server decides).
 */
export function projectedBalance(balance: number, amountText: string): number | null {
  const text = amountText.trim();
  if (!/^[+-]?\d{1,9}$/.test(text)) return null;
  const amount = Number(text);
  return amount === 0 ? null : balance + amount;
}

/** The notices `/admin/loyalty?aviso=…` shows after a redirect. */
export const LOYALTY_ADMIN_NOTICES = { ajustado: LOYALTY_ADMIN_MESSAGES.adjusted } as const;
export type LoyaltyAdminNotice = keyof typeof LOYALTY_ADMIN_NOTICES;

/**
 * The loyalty admin's state, all of it in the query string (`/admin/loyalty?q=…&pagina=…&usuario=…`
 * or `&ajustar=…`, `&aviso=…`): the list's search and page, the customer whose history or adjust
 * form is open. Anything malformed is dropped (`badId` says an id was asked for and is not one).
 */
export interface LoyaltyAdminQuery {
  q: string;
  page: number;
  /** The customer whose history is shown. */
  usuario: string | null;
  /** The customer whose adjust form is open. */
  ajustar: string | null;
  /** `usuario` or `ajustar` was given but is not an id. */
  badId: boolean;
  aviso: LoyaltyAdminNotice | null;
}

const MAX_PAGE = 1_000_000;

export function parseLoyaltyAdminQuery(params: URLSearchParams): LoyaltyAdminQuery {
  const page = Number(params.get("pagina"));
  const usuario = params.get("usuario");
  const ajustar = params.get("ajustar");
  const aviso = params.get(NOTICE_PARAM);
  return {
    // Control characters (NUL among them, which PostgreSQL's text refuses) are no part of a name or an e-mail.
    q: (params.get("q") ?? "")
      .replace(/[\s\p{Cc}]+/gu, " ")
      .trim()
      .slice(0, LOYALTY_SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    usuario: isId(usuario) ? usuario : null,
    ajustar: isId(ajustar) ? ajustar : null,
    badId: (usuario !== null && !isId(usuario)) || (ajustar !== null && !isId(ajustar)),
    aviso: aviso !== null && Object.hasOwn(LOYALTY_ADMIN_NOTICES, aviso) ? (aviso as LoyaltyAdminNotice) : null,
  };
}

export const LOYALTY_ADMIN_PATH = "/admin/loyalty";

/** `/admin/loyalty?…` with the given state (defaults and empty values omitted). */
export function loyaltyAdminHref(state: Partial<Omit<LoyaltyAdminQuery, "badId">> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page && state.page > 1) params.set("pagina", String(state.page));
  if (state.usuario) params.set("usuario", state.usuario);
  if (state.ajustar) params.set("ajustar", state.ajustar);
  if (state.aviso) params.set(NOTICE_PARAM, state.aviso);
  const query = params.toString();
  return query ? `${LOYALTY_ADMIN_PATH}?${query}` : LOYALTY_ADMIN_PATH;
}

export type AdjustmentField = "amount" | "description";

/** A parsed adjustment, or the field at fault with its message. */
export type AdjustmentInput = Result<{ amount: number; description: string }, { field: AdjustmentField; message: string }>;

/**
 * An adjustment as typed (docs/requirements.md#admin-area): both fields required and the description not
 * blank ('Ingresa el monto y la descripción'); the amount a whole, non-zero number of points (a
 * leading + or - allowed), at most MAX_POINTS_ADJUSTMENT either way; the description trimmed,
 * at most ADJUSTMENT_DESCRIPTION_MAX_LENGTH characters.
 */
export function parseAdjustment(amountValue: unknown, descriptionValue: unknown): AdjustmentInput {
  const amountText = typeof amountValue === "string" ? amountValue.trim() : "";
  // Counted and kept with its line breaks as the textarea holds them (LF, not the posted CRLF).
  const description = typeof descriptionValue === "string" ? normalizeLineBreaks(descriptionValue.trim()) : "";
  if (!amountText) return fail({ field: "amount", message: LOYALTY_ADMIN_MESSAGES.required });
  if (!description) return fail({ field: "description", message: LOYALTY_ADMIN_MESSAGES.required });
  if (!/^[+-]?\d+$/.test(amountText)) return fail({ field: "amount", message: LOYALTY_ADMIN_MESSAGES.amountNotWhole });
  const digits = amountText.replace(/^[+-]?0*/, "");
  if (digits.length > String(MAX_POINTS_ADJUSTMENT).length || Math.abs(Number(amountText)) > MAX_POINTS_ADJUSTMENT) {
    return fail({ field: "amount", message: LOYALTY_ADMIN_MESSAGES.amountTooLarge });
  }
  const amount = Number(amountText);
  if (amount === 0) return fail({ field: "amount", message: LOYALTY_ADMIN_MESSAGES.amountZero });
  if (description.length > ADJUSTMENT_DESCRIPTION_MAX_LENGTH)
    return fail({ field: "description", message: LOYALTY_ADMIN_MESSAGES.descriptionTooLong });
  if (CONTROL_CHARACTER_BUT_LINE_BREAKS.test(description))
    return fail({ field: "description", message: LOYALTY_ADMIN_MESSAGES.descriptionInvalid });
  return ok({ amount, description });
}
