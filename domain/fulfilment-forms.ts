/**
 * The zod schemas of the forms of the admin's order page `/admin/pedidos/{number}`
 * (docs/requirements.md#order-fulfilment). The server half of the page parses with these
 * (app/routes/admin/pedido.server.ts); the service checks again under the order's lock
 * (server/fulfilment). Never imported by a browser module (zod stays out of the client).
 */
import { z } from "zod";
import { ADMIN_STATUS_CHOICES, CANCEL_REASON_LIMITS, FULFILMENT_MESSAGES, MANUAL_REFERENCE_LIMITS } from "./fulfilment";
import { CONTROL_CHARACTER, CONTROL_CHARACTER_BUT_LINE_BREAKS, normalizeLineBreaks } from "./forms";
import { ORDER_NOTE_MAX_LENGTH } from "./order-events";
import { CONFIRM_VALUE, ORDER_PAGE_FORM_MESSAGES } from "./order-page";
import { MANUAL_PAYMENT_METHODS, type ManualPaymentMethod } from "./payments";
import { TRACKING_NUMBER_PATTERN, normalizeTrackingNumber } from "./shipping";

/** A posted text: anything that is not text reads as empty; line breaks as a textarea counts them; trimmed. */
const postedText = (v: unknown) => (typeof v === "string" ? normalizeLineBreaks(v).trim() : "");

const confirmation = z.preprocess(postedText, z.literal(CONFIRM_VALUE, { error: ORDER_PAGE_FORM_MESSAGES.confirmRequired }));

/** 'Estado': one of ADMIN_STATUS_CHOICES; 'Enviado' needs a tracking number (6 to 40 letters or digits). */
export const statusFormSchema = z
  .object({
    estado: z.preprocess(
      postedText,
      z
        .string()
        .refine((v) => v !== "cancelled", FULFILMENT_MESSAGES.useCancelAction)
        .pipe(z.enum(ADMIN_STATUS_CHOICES, { error: FULFILMENT_MESSAGES.unknownStatus })),
    ),
    rastreo: z.preprocess((v) => normalizeTrackingNumber(postedText(v)), z.string().max(200, FULFILMENT_MESSAGES.trackingInvalid)),
  })
  .superRefine((value, ctx) => {
    if (value.estado !== "shipped") return;
    if (!value.rastreo) ctx.addIssue({ code: "custom", path: ["rastreo"], message: FULFILMENT_MESSAGES.trackingRequired });
    else if (!TRACKING_NUMBER_PATTERN.test(value.rastreo))
      ctx.addIssue({ code: "custom", path: ["rastreo"], message: FULFILMENT_MESSAGES.trackingInvalid });
  });

/** The answers to '¿Recibiste de vuelta la mercancía?' (radio buttons, none chosen by default). */
export const GOODS_RETURNED_VALUES = { si: true, no: false } as const;

/**
 * 'Cancelar pedido': the reason (3 to 500 characters), the confirmation and, for an order already
 * shipped or delivered, whether its cards came back (`mercancia`: 'si' or 'no'; null when not
 * answered: the service requires it for such an order, docs/requirements.md#order-fulfilment).
 */
export const cancelFormSchema = z.object({
  mercancia: z.preprocess(
    postedText,
    z
      .union([z.literal(""), z.enum(["si", "no"])], { error: FULFILMENT_MESSAGES.goodsReturnedRequired })
      .transform((v) => (v === "" ? null : GOODS_RETURNED_VALUES[v])),
  ),
  motivo: z.preprocess(
    postedText,
    z
      .string()
      .min(1, FULFILMENT_MESSAGES.cancelReasonRequired)
      .pipe(
        z
          .string()
          .min(CANCEL_REASON_LIMITS.min, FULFILMENT_MESSAGES.cancelReasonLength)
          .max(CANCEL_REASON_LIMITS.max, FULFILMENT_MESSAGES.cancelReasonLength)
          .refine((v) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(v), ORDER_PAGE_FORM_MESSAGES.textInvalid),
      ),
  ),
  confirmar: confirmation,
});

/** 'Reembolsar': the confirmation, and which payment (the provider's id; the page has one button per payment). */
export const refundFormSchema = z.object({
  confirmar: confirmation,
  pago: z.preprocess(
    postedText,
    z
      .string()
      .max(100, FULFILMENT_MESSAGES.nothingToRefund)
      .refine((v) => !CONTROL_CHARACTER.test(v), FULFILMENT_MESSAGES.nothingToRefund),
  ),
});

const manualMethods = Object.keys(MANUAL_PAYMENT_METHODS) as [ManualPaymentMethod, ...ManualPaymentMethod[]];

/** 'Registrar pago manual': how the money came (transfer or cash) and its reference (3 to 100 characters). */
export const manualPaymentFormSchema = z.object({
  metodo: z.preprocess(postedText, z.enum(manualMethods, { error: FULFILMENT_MESSAGES.manualMethodRequired })),
  referencia: z.preprocess(
    postedText,
    z
      .string()
      .min(MANUAL_REFERENCE_LIMITS.min, FULFILMENT_MESSAGES.manualReferenceLength)
      .max(MANUAL_REFERENCE_LIMITS.max, FULFILMENT_MESSAGES.manualReferenceLength)
      .refine((v) => !CONTROL_CHARACTER.test(v), ORDER_PAGE_FORM_MESSAGES.textInvalid),
  ),
});

/** 'Agregar nota': free text up to ORDER_NOTE_MAX_LENGTH characters. */
export const noteFormSchema = z.object({
  nota: z.preprocess(
    postedText,
    z
      .string()
      .min(1, FULFILMENT_MESSAGES.noteRequired)
      .max(ORDER_NOTE_MAX_LENGTH, ORDER_PAGE_FORM_MESSAGES.noteLength)
      .refine((v) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(v), ORDER_PAGE_FORM_MESSAGES.textInvalid),
  ),
});
