import { data } from "react-router";

/** The posted form, or a 400 (never a 500) when the body is not a form. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "La solicitud no es válida." }, { status: 400 });
  }
}
