/**
 * The admin actions' answer to a thrown error: a service's refusal (a ShopError) as the form's
 * FormFailure with its status; anything else logged and answered 500 with the form's generic
 * Spanish message (never a stack, never a 500 page for a form).
 */
import { failureOf, type FailureContext } from "#domain/form-failure.ts";
import { ShopError } from "#server/errors.ts";
import { logError } from "#server/http/error-log.ts";
import { refuse, refuseShopError } from "#app/lib/form.server.ts";

export function refuseError(
  error: unknown,
  context: FailureContext & { fallback: string; log: string; requestId?: string },
): ReturnType<typeof refuse> {
  const { fallback, log, requestId, ...failure } = context;
  if (error instanceof ShopError) return refuseShopError(error, failure);
  logError(log, error, { intent: failure.intent, requestId });
  return refuse(failureOf(fallback, failure), 500);
}
