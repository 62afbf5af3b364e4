/**
 * The payment provider's surface (docs/architecture.md#payments): what the shop asks of a
 * provider, whichever it is (the built-in sandbox or Mercado Pago).
 */
import type { Result } from "#domain/result.ts";
import type { SignatureProblem } from "./signature";

/** What a payment link is made for: one order, one attempt. */
export interface PaymentOrder {
  id: string;
  orderNumber: string;
  finalTotalCents: number;
  /** The payer's e-mail. */
  email: string;
  /** The order's payment attempt (1, 2, …): with the id, the idempotency key of the link. */
  attempt: number;
  /** When the order's stock hold lapses (decision record 015): the payment link cannot be used after it. */
  holdUntil: Date;
  /** When a cash payment (OXXO ticket) made from this link expires: PENDING_PAYMENT_HOLD_HOURS after the link. */
  cashExpiresAt: Date;
}

/** A payment as the provider reports it (fetched from the provider, never taken from a notification). */
export interface ProviderPayment {
  /** The provider's payment id, as a string (Mercado Pago sends numbers). */
  id: string;
  /** The provider's status: approved, pending, in_process, authorized, rejected, cancelled, refunded, charged_back… */
  status: string;
  /** Our order number (external_reference), or null when the payment carries none. */
  externalReference: string | null;
  amountCents: number;
  currency: string;
  /** credit_card, debit_card, ticket (OXXO), bank_transfer (SPEI), account_money… */
  paymentTypeId: string | null;
  /**
   * When a pending payment can no longer be paid (Mercado Pago's date_of_expiration: the OXXO
   * ticket's or the SPEI reference's deadline); null or absent when the provider gives none.
   */
  expiresAt?: Date | null;
  /** The provider's answer as it came, kept with the payments row. */
  raw: unknown;
}

/**
 * A checked notification: the payment it is about, or null for another topic (acknowledged,
 * ignored); or why its signature was refused.
 */
export type VerifiedNotification = Result<{ paymentId: string | null; topic: string | null }, SignatureProblem>;

/** A full refund of one payment (docs/requirements.md#order-fulfilment). */
export interface RefundRequest {
  /** The provider's payment id. */
  paymentId: string;
  /** What the shop expects to give back (the payment's whole amount). */
  amountCents: number;
  /** The same key for a retried request (a timeout): the provider answers the same refund. */
  idempotencyKey: string;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  /** approved, in_process (the money is on its way), rejected… */
  status: string;
}

/**
 * The provider answered and said no (a 4xx: the payment cannot be refunded, funds are missing…):
 * nothing was refunded, and trying the same request again would get the same answer. Any other
 * error (a timeout, a 5xx, the network) leaves the outcome unknown: the caller tries again with
 * the same idempotency key.
 */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    /** The provider's own words or code, for the order's history and the log. */
    readonly providerMessage: string,
  ) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

export interface PaymentProvider {
  readonly name: "sandbox" | "mercadopago";
  createPaymentLink(order: PaymentOrder): Promise<{ url: string; preferenceId: string }>;
  /** The webhook's signature check (both providers sign as Mercado Pago does). */
  verifyNotification(request: Request): Promise<VerifiedNotification>;
  /** The payment by the provider's id; null when the provider does not know it. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** The payments whose external_reference is this order number. */
  searchPayments(externalReference: string): Promise<ProviderPayment[]>;
  /**
   * Refunds a payment in full; afterwards fetchPayment reports it 'refunded', and the provider
   * sends its notification (payment.updated), which changes nothing more. Throws
   * RefundRefusedError when the provider refuses.
   */
  refundPayment(request: RefundRequest): Promise<ProviderRefund>;
}
