/**
 * The one shape every refused form answers with, and the one way to build it
 * from a validation error (docs/architecture.md, "Forms"). Browser-safe: the
 * views read it, the route actions send it; nothing here imports zod, so a
 * zod error is taken by the shape of its issues.
 */

/** Every message of each field, by the field's form name (a nested path joined with "."). */
export type FieldErrors = Partial<Record<string, string[]>>;

export interface FormFailure {
  /** Which form of the page was refused, when the page has several (the posted `intent`). */
  intent?: string;
  /** A message about the whole form (not one field), shown once, above the submit button. */
  formError?: string;
  /** Every field's messages, shown next to each field. */
  fieldErrors: FieldErrors;
  /** What was typed, to fill the refused form again (never a password). */
  values: Record<string, string>;
}

/** One problem of a failed parse, as zod's `error.issues` lists them. */
export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface FailureContext {
  intent?: string;
  values?: Record<string, string>;
  formError?: string;
}

/**
 * A failed parse as a FormFailure: each issue's message under its field (in
 * the order found, each message once), an issue with no path as the form's message.
 */
export function failureFromIssues(issues: readonly ValidationIssue[], context: FailureContext = {}): FormFailure {
  const fieldErrors: FieldErrors = {};
  let formError = context.formError;
  for (const issue of issues) {
    const field = issue.path.map(String).join(".");
    if (!field) {
      formError ??= issue.message;
      continue;
    }
    const messages = (fieldErrors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return withContext({ fieldErrors, formError }, context);
}

/** A refusal of the whole form (a service's message, a rate limit…), or of one field when `field` is given. */
export function failureOf(message: string, context: FailureContext & { field?: string | null } = {}): FormFailure {
  const { field, ...rest } = context;
  return field ? withContext({ fieldErrors: { [field]: [message] } }, rest) : withContext({ fieldErrors: {}, formError: message }, rest);
}

function withContext(failure: Pick<FormFailure, "fieldErrors" | "formError">, context: FailureContext): FormFailure {
  return {
    ...(context.intent !== undefined ? { intent: context.intent } : {}),
    ...(failure.formError !== undefined ? { formError: failure.formError } : {}),
    fieldErrors: failure.fieldErrors,
    values: context.values ?? {},
  };
}

/** The failure meant for the form `intent` (a page with several forms shows each its own). */
export function failureFor(data: unknown, intent?: string): FormFailure | undefined {
  if (!isFormFailure(data)) return undefined;
  return intent === undefined || data.intent === intent ? data : undefined;
}

export function isFormFailure(data: unknown): data is FormFailure {
  return typeof data === "object" && data !== null && "fieldErrors" in data && "values" in data;
}

/** The first field at fault, for the focus after a refused post. */
export function firstFieldAtFault(failure: FormFailure | undefined): string | null {
  if (!failure) return null;
  return Object.keys(failure.fieldErrors).find((field) => (failure.fieldErrors[field]?.length ?? 0) > 0) ?? null;
}

/**
 * The one query parameter a redirect after a successful post names its notice
 * with (`?aviso=address-added`): a fixed key looked up in a table, never text.
 */
export const NOTICE_PARAM = "aviso";
