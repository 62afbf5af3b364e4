/**
 * 'Registrar pago manual' (docs/requirements.md#order-fulfilment): money received outside the
 * provider (a bank transfer, cash) approves an unpaid order through applyPayment, exactly as a
 * provider's approval: points earned, the 'pago confirmado' e-mail, the sales figures. Checked and
 * applied under the order's lock, in one transaction.
 */
import { and, eq } from "drizzle-orm";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { MANUAL_PROVIDER, type ManualPaymentMethod } from "#domain/payments.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { orders, payments } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { SHOP_CURRENCY, applyPayment } from "#server/payments/index.ts";
import { lockOrderForAdmin } from "./lock-order.server";

export interface ManualPaymentInput {
  orderNumber: string;
  method: ManualPaymentMethod;
  /** The transfer's reference or the receipt's number, as checked by the form. */
  reference: string;
  actor: Extract<OrderActor, { kind: "admin" }>;
  publicUrl?: string;
}

/**
 * Approves the order with a manual payment; throws ShopError (404, 409) when the order does not
 * await one. The same payment posted again (same method and reference: a double click, a resend)
 * answers the payment already recorded and writes nothing.
 */
export async function recordManualPayment(db: Database, input: ManualPaymentInput): Promise<{ paymentId: string }> {
  let paymentId = `manual-${newId()}`;
  let applied = false;
  await db.transaction(async (tx) => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    // Awaiting a payment: the rule 'Pagar Ahora' follows.
    if (!canRetryPayment(order)) {
      const same = await sameManualPayment(tx, order.id, order.paymentId, input);
      if (!same) throw new ShopError(FULFILMENT_MESSAGES.manualNotPayable, "conflict");
      paymentId = same;
      return;
    }
    applied = true;
    const outcome = await applyPayment(
      tx,
      {
        id: paymentId,
        status: "approved",
        externalReference: order.orderNumber,
        amountCents: order.finalTotalCents,
        currency: SHOP_CURRENCY,
        paymentTypeId: input.method === "transferencia" ? "bank_transfer" : "cash",
        raw: { method: input.method, reference: input.reference, recordedBy: input.actor.userId },
      },
      MANUAL_PROVIDER,
      { actor: input.actor, publicUrl: input.publicUrl },
    );
    if (outcome.outcome !== "applied" || outcome.decision.kind !== "approve") {
      throw new Error(`manual payment not applied as an approval: ${JSON.stringify(outcome)}`);
    }
    await tx.update(orders).set({ paymentMethod: input.method }).where(eq(orders.id, order.id));
  });
  if (applied) notifyMailQueued();
  return { paymentId };
}

/** The order's standing payment when it is this very manual payment (method and reference), else null. */
async function sameManualPayment(tx: Tx, orderId: string, standing: string | null, input: ManualPaymentInput): Promise<string | null> {
  if (!standing) return null;
  const [row] = await tx
    .select({ raw: payments.raw })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, MANUAL_PROVIDER), eq(payments.providerPaymentId, standing)))
    .limit(1);
  const raw = (row?.raw ?? null) as { method?: unknown; reference?: unknown } | null;
  return raw && raw.method === input.method && raw.reference === input.reference ? standing : null;
}
