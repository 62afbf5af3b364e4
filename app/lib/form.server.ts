/**
 * The server half of the shop's one form recipe (docs/architecture.md, "Forms"):
 * read the posted form without a 500, parse it with a zod schema into typed
 * input, and answer every refusal with the one FormFailure shape.
 */
import { data } from "react-router";
import type { z } from "zod";
import { failureFromIssues, failureOf, type FailureContext, type FormFailure } from "#domain/form-failure.ts";
import { ShopError } from "#server/errors.ts";
import { logError } from "#server/http/error-log.ts";
import { CART_FORM_ERRORS } from "#domain/messages.ts";
import { ADDRESS_LIMITS, typedText } from "#domain/forms.ts";
import { fail, ok, type Result } from "#domain/result.ts";

/** The posted form, or null when the body is not a form (wrong content type, malformed). */
export async function tryReadForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The posted form, or a 400 with the one failure shape (never a 500) when the body is not a form. */
export async function readForm(request: Request): Promise<FormData> {
  const form = await tryReadForm(request);
  if (!form) throw refuse(failureOf(CART_FORM_ERRORS.invalid));
  return form;
}

/**
 * What the visitor typed in these fields, to put back in a refused form: text
 * only, line breaks as the field holds them (LF, not the posted CRLF), capped
 * at `max` characters without splitting one (never a password field: callers
 * leave those out). The cap only keeps a hostile post from being echoed whole;
 * by default 300, the address references' limit (a caller with a longer field passes its own).
 */
export function enteredValues<Name extends string>(
  form: FormData,
  names: readonly Name[],
  max: number = ADDRESS_LIMITS.references,
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, typedText(form.get(name), max)])) as Record<Name, string>;
}

/** The posted values of exactly the schema's fields (FormData.get: a repeated name counts once). */
export function formInput(schema: z.ZodObject, form: FormData): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, form.get(name)]));
}

/** The form parsed by the schema into typed input, or every field's message as a FormFailure. */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  context: FailureContext = {},
): Result<z.output<Schema>, FormFailure> {
  const parsed = schema.safeParse(input);
  return parsed.success ? ok(parsed.data) : fail(failureFromIssues(parsed.error.issues, context));
}

/** The action's answer to a refused form: the FormFailure with its 4xx status. */
export function refuse(failure: FormFailure, status = 400) {
  return data(failure, { status });
}

/**
 * A service's refusal (a thrown ShopError) as the form's answer: its message on
 * the field it names, or on the whole form. Anything else is rethrown, for the
 * caller's log and the error page.
 */
export function refuseShopError(error: unknown, context: FailureContext = {}) {
  if (!(error instanceof ShopError)) throw error;
  return refuse(failureOf(error.message, { ...context, field: error.field }), error.status);
}

/**
 * An action's answer to anything its service threw: a refusal (a ShopError) as
 * the form's FormFailure with its status; anything else logged (without the
 * values) and answered 500 with the form's generic Spanish message, never a
 * stack and never an error page for a form.
 */
export function refuseThrown(error: unknown, context: FailureContext & { fallback: string; log: string; requestId?: string }) {
  const { fallback, log, requestId, ...failure } = context;
  if (error instanceof ShopError) return refuseShopError(error, failure);
  logError(log, error, { intent: failure.intent, requestId });
  return refuse(failureOf(fallback, failure), 500);
}
