/**
 * The payment texts and words shared by the pages and the server
 * (docs/requirements.md#payments). Pure and browser-safe.
 */

export const PAYMENT_MESSAGES = {
  /** 'Pagar Ahora' / checkout: the provider gave no link back (docs/requirements.md#payments). */
  noLink: "Error: No se pudo obtener el link de pago",
  /** 'Pagar Ahora' / checkout: anything else went wrong asking for the link (docs/requirements.md#payments). */
  failed: "Error al procesar el pago. Intenta nuevamente.",
  /** The order is paid, refunded or cancelled: there is nothing to pay. */
  notPayable: "Este pedido ya no tiene un pago pendiente.",
} as const;

/** The three choices of the sandbox payment page, as Mercado Pago would end a payment. */
export const SANDBOX_DECISIONS = ["approve", "reject", "pending"] as const;
export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];
/** The sandbox page's hidden field: its buttons were shown while the order was payable (a second tab may still pay, as Mercado Pago's does). */
export const SANDBOX_OPENED_PAYABLE_FIELD = "abierta";

/**
 * The query parameters Mercado Pago adds to a back URL (Checkout Pro); a missing
 * value is the literal string "null". The return pages read them, never trust them.
 */
export const RETURN_QUERY_PARAMETERS = [
  "collection_id",
  "collection_status",
  "payment_id",
  "status",
  "external_reference",
  "payment_type",
  "merchant_order_id",
  "preference_id",
  "site_id",
  "processing_mode",
  "merchant_account_id",
] as const;

/** Money received outside the provider, as 'Registrar pago manual' records it (docs/requirements.md#order-fulfilment). */
export const MANUAL_PAYMENT_METHODS = {
  transferencia: "Transferencia bancaria",
  efectivo: "Efectivo",
} as const;
export type ManualPaymentMethod = keyof typeof MANUAL_PAYMENT_METHODS;

/** The `payments.provider` of a manual payment. */
export const MANUAL_PROVIDER = "manual";

export function isManualPaymentMethod(value: unknown): value is ManualPaymentMethod {
  return typeof value === "string" && Object.hasOwn(MANUAL_PAYMENT_METHODS, value);
}

/** A provider's payment type (Mercado Pago's payment_type_id) in words; an unknown one as it came. */
export function paymentTypeName(typeId: string | null | undefined): string {
  switch (typeId) {
    case "credit_card":
      return "tarjeta de crédito";
    case "debit_card":
      return "tarjeta de débito";
    case "prepaid_card":
      return "tarjeta de prepago";
    case "ticket":
      return "efectivo en tienda (OXXO)";
    case "bank_transfer":
      return "transferencia SPEI";
    case "account_money":
      return "saldo de Mercado Pago";
    default:
      return typeId ?? "medio no informado";
  }
}
