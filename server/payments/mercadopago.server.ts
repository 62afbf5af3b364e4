/**
 * The `mercadopago` provider: Checkout Pro through the official SDK (docs/architecture.md#payments).
 *
 * SDK facts (mercadopago 3.6.1, checked by running it): named imports; a fresh
 * MercadoPagoConfig per request (a client's request options, the idempotency
 * key among them, stick to its config and would leak into later calls); our
 * own timeout and retries (the SDK's default is 60 s and 3 retries, POST
 * included); payment ids come back as numbers though typed as strings; the API
 * base URL is the static `AppConfig.BASE_URL`, read on every request, which
 * tests point at a local stub through MERCADOPAGO_API_BASE_URL. An API answer
 * other than 2xx is thrown as a MercadoPagoError subclass whose `status` is the
 * HTTP status (MPBadRequestError for 400, MPNotFoundError for 404, MPServerError
 * for 5xx…); a timeout or network failure, after the retries, as MPConnectionError.
 */
import { MPNotFoundError, MercadoPagoConfig, MercadoPagoError, Payment, PaymentRefund, Preference } from "mercadopago";
import { AppConfig as SdkAppConfig } from "mercadopago/dist/utils/config/index.js";
import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes";
import type { RefundResponse } from "mercadopago/dist/clients/paymentRefund/commonTypes";
import type { PreferenceRequest } from "mercadopago/dist/clients/preference/commonTypes";
import type { AppConfig } from "#server/config.ts";
import { logEvent } from "#server/http/error-log.ts";
import { publicOrigin, verifyNotificationWith, webhookSecret } from "./providers";
import {
  RefundRefusedError,
  type PaymentOrder,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RefundRequest,
} from "./types";

export const MERCADOPAGO_API_URL = "https://api.mercadopago.com";

/** Cash (OXXO, `ticket`) is offered only up to this total: $10,000.00. */
export const CASH_LIMIT_CENTS = 1_000_000;

/** A buyer waits on the preference: one retry, 10 s each. Reads (webhook, reconciliation) may retry twice. */
const CREATE_OPTIONS = { timeout: 10_000, maxRetries: 1 };
const READ_OPTIONS = { timeout: 10_000, maxRetries: 2 };
/**
 * An admin waits on a refund: 10 s, and one retry. Retrying the POST is safe: it carries the
 * refund's idempotency key, so Mercado Pago answers a repeated request with the same refund
 * (the SDK retries on a timeout, a network error, 429 and 5xx). One retry covers a passing
 * failure while keeping the wait (about 21 s at worst) short; beyond it the admin tries again,
 * with the same key (decision record 016).
 */
export const REFUND_OPTIONS = { timeout: 10_000, maxRetries: 1 };

/**
 * 4xx answers that do not say no: a request timeout, a conflict or lock on the idempotency key
 * (the same refund still in progress), too many requests. The outcome is unknown, as after a 5xx.
 */
const UNSETTLED_CLIENT_ERRORS = new Set([408, 409, 423, 429]);

/** The admin's words when Mercado Pago refuses a refund (the provider's own message follows). */
export const MERCADOPAGO_REFUND_REFUSED = "Mercado Pago rechazó el reembolso";

/** Mexico City's offset (no daylight saving time since 2022), for the provider's local date format. */
const MEXICO_CITY_OFFSET_MS = -6 * 60 * 60 * 1000;

/** `2026-05-01T10:30:00.000-06:00`: the date format of Mercado Pago's examples, in Mexico City time. */
export function mercadoPagoDate(date: Date): string {
  return new Date(date.getTime() + MEXICO_CITY_OFFSET_MS).toISOString().replace("Z", "-06:00");
}

/** The Checkout Pro preference for one order attempt (docs/architecture.md#payments). */
export function preferenceBody(order: PaymentOrder, origin: string): PreferenceRequest {
  return {
    // One aggregate item at the final total: coupons and points would make per-line prices drift.
    items: [
      {
        id: order.orderNumber,
        title: `Pedido ${order.orderNumber}`,
        quantity: 1,
        unit_price: order.finalTotalCents / 100,
        currency_id: "MXN",
      },
    ],
    payer: { email: order.email },
    external_reference: order.orderNumber,
    back_urls: {
      success: `${origin}/payment/success`,
      failure: `${origin}/payment/failure`,
      pending: `${origin}/payment/pending`,
    },
    auto_return: "approved",
    notification_url: `${origin}/api/webhooks/mercadopago?source_news=webhooks`,
    // Decision record 015: the link can be used only while the order's stock is held (a buyer
    // whose hold lapsed cannot pay a cancelled order); a cash ticket made from it has until
    // cashExpiresAt, and its pending payment holds the order that long.
    expires: true,
    expiration_date_to: mercadoPagoDate(order.holdUntil),
    date_of_expiration: mercadoPagoDate(order.cashExpiresAt),
    ...(order.finalTotalCents > CASH_LIMIT_CENTS ? { payment_methods: { excluded_payment_types: [{ id: "ticket" }] } } : {}),
  };
}

export function idempotencyKey(order: Pick<PaymentOrder, "id" | "attempt">): string {
  return `order-${order.id}-attempt-${order.attempt}`;
}

/** A date of the provider's answer (ISO 8601 with an offset), or null when absent or unreadable. */
function providerDate(value: unknown): Date | null {
  if (typeof value !== "string" || value === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function toProviderPayment(payment: PaymentResponse): ProviderPayment {
  const { api_response: _response, ...raw } = payment as PaymentResponse & { api_response?: unknown };
  const amount = typeof payment.transaction_amount === "number" ? payment.transaction_amount : Number.NaN;
  return {
    id: String(payment.id),
    status: payment.status ?? "unknown",
    externalReference: payment.external_reference || null,
    amountCents: Math.round(amount * 100),
    currency: payment.currency_id ?? "",
    paymentTypeId: payment.payment_type_id ?? null,
    expiresAt: providerDate(payment.date_of_expiration),
    raw,
  };
}

function toProviderRefund(refund: RefundResponse): ProviderRefund {
  const amount = typeof refund.amount === "number" ? refund.amount : Number.NaN;
  return {
    id: String(refund.id),
    paymentId: String(refund.payment_id),
    amountCents: Math.round(amount * 100),
    status: refund.status ?? "unknown",
  };
}

/** An API answer that says no (a 4xx other than the unsettled ones): nothing was refunded. */
function refusal(error: unknown): RefundRefusedError | null {
  if (!(error instanceof MercadoPagoError) || error.status < 400 || error.status >= 500) return null;
  if (UNSETTLED_CLIENT_ERRORS.has(error.status)) return null;
  const causes = (Array.isArray(error.causes) ? error.causes : []) as Array<{ code?: unknown; description?: unknown }>;
  const providerMessage = [
    `${error.status} ${error.error}: ${error.message}`,
    ...causes.map((c) => [c.code, c.description].filter((part) => part !== undefined && part !== "").join(" ")),
  ]
    .filter(Boolean)
    .join("; ");
  return new RefundRefusedError(`${MERCADOPAGO_REFUND_REFUSED}: ${error.message}`, providerMessage);
}

export interface MercadoPagoProviderOptions {
  /** How long one refund request waits for Mercado Pago (tests shorten it); REFUND_OPTIONS.timeout otherwise. */
  refundTimeoutMs?: number;
}

export function mercadoPagoProvider(config: AppConfig, options: MercadoPagoProviderOptions = {}): PaymentProvider {
  const accessToken = config.MERCADOPAGO_ACCESS_TOKEN;
  if (!accessToken || !config.MERCADOPAGO_WEBHOOK_SECRET || !config.PUBLIC_URL) {
    throw new Error("PAYMENT_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET and PUBLIC_URL.");
  }
  const secret = webhookSecret(config);
  const origin = publicOrigin(config);
  const apiBaseUrl = config.MERCADOPAGO_API_BASE_URL?.replace(/\/+$/, "") ?? MERCADOPAGO_API_URL;
  /** A fresh client per request, its base URL set for this request (a static of the SDK). */
  const client = (options: MercadoPagoConfig["options"]) => {
    // Typed readonly, yet a plain static the SDK reads on every request.
    (SdkAppConfig as { BASE_URL: string }).BASE_URL = apiBaseUrl;
    return new MercadoPagoConfig({ accessToken, options });
  };
  return {
    name: "mercadopago",
    async createPaymentLink(order) {
      const preference = await new Preference(client({ ...CREATE_OPTIONS, idempotencyKey: idempotencyKey(order) })).create({
        body: preferenceBody(order, origin),
      });
      return { url: preference.init_point ?? "", preferenceId: preference.id ?? "" };
    },
    verifyNotification: (request) => verifyNotificationWith(secret, request),
    async fetchPayment(paymentId) {
      try {
        return toProviderPayment(await new Payment(client(READ_OPTIONS)).get({ id: paymentId }));
      } catch (error) {
        if (error instanceof MPNotFoundError) return null;
        throw error;
      }
    },
    /**
     * A full refund (POST /v1/payments/{id}/refunds with {}), under the caller's idempotency key:
     * a retry with the same key is the same refund. A refusal (4xx) throws RefundRefusedError; a
     * timeout, a 5xx or a network failure is rethrown as it came (outcome unknown: try again with
     * the same key). A refund of another amount than asked is never accepted silently.
     */
    async refundPayment(request: RefundRequest) {
      const refundOptions = { ...REFUND_OPTIONS, timeout: options.refundTimeoutMs ?? REFUND_OPTIONS.timeout };
      let answer: RefundResponse;
      try {
        answer = await new PaymentRefund(client({ ...refundOptions, idempotencyKey: request.idempotencyKey })).total({
          payment_id: request.paymentId,
        });
      } catch (error) {
        throw refusal(error) ?? error;
      }
      const refund = toProviderRefund(answer);
      if (refund.amountCents !== request.amountCents || refund.paymentId !== request.paymentId) {
        logEvent("error", "refund: Mercado Pago refunded another amount or payment than asked", {
          paymentId: request.paymentId,
          idempotencyKey: request.idempotencyKey,
          expectedCents: request.amountCents,
          refund,
        });
        throw new Error(
          `Mercado Pago refunded ${refund.amountCents} centavos of payment ${refund.paymentId} (refund ${refund.id}), ` +
            `not the ${request.amountCents} centavos of payment ${request.paymentId} asked`,
        );
      }
      return refund;
    },
    async searchPayments(externalReference) {
      const found = await new Payment(client(READ_OPTIONS)).search({
        options: { external_reference: externalReference, sort: "date_created", criteria: "asc", limit: 100 },
      });
      return (found.results ?? []).map((p) => toProviderPayment(p as PaymentResponse));
    },
  };
}
