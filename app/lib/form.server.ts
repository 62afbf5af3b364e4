import { data } from "react-router";

/** The posted form, or null when the body is not a form (wrong content type, malformed). */
export async function tryReadForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The posted form, or a 400 (never a 500) when the body is not a form. */
export async function readForm(request: Request): Promise<FormData> {
  const form = await tryReadForm(request);
  if (!form) throw data({ error: "La solicitud no es válida." }, { status: 400 });
  return form;
}

/**
 * What the visitor typed in these fields, to put back in a refused form: text
 * only, capped (never a password field: callers leave those out).
 */
export function enteredValues<Name extends string>(form: FormData, names: readonly Name[], max = 300): Record<Name, string> {
  const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.slice(0, max) : "");
  return Object.fromEntries(names.map((name) => [name, text(form.get(name))])) as Record<Name, string>;
}
