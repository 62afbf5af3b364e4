import { isId } from "#domain/ids.ts";
import { CART_FORM_ERRORS } from "#domain/messages.ts";
/** Parses a cart form post (intent add | set | remove | clear) without trusting anything in it. */
export type CartCommand =
  | { intent: "add"; productId: string; variantId: string | null; quantity: number }
  | { intent: "set"; productId: string; variantId: string | null; quantity: number }
  | { intent: "remove"; productId: string; variantId: string | null }
  | { intent: "clear" };

export type CartFormResult = { ok: true; command: CartCommand } | { ok: false; error: string };

function quantityOf(value: FormDataEntryValue | null, fallback: number | null): number | null {
  if (value === null || value === "") return fallback;
  if (typeof value !== "string" || !/^-?\d{1,7}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function parseCartForm(form: FormData): CartFormResult {
  const intent = form.get("intent");
  if (intent === "clear") return { ok: true, command: { intent } };
  if (intent !== "add" && intent !== "set" && intent !== "remove") return { ok: false, error: CART_FORM_ERRORS.invalid };
  const productId = form.get("productId");
  if (typeof productId !== "string" || !isId(productId)) return { ok: false, error: CART_FORM_ERRORS.product };
  // The variant chosen on the product page or the cart's line; a list card names only the product.
  const variant = form.get("variantId");
  if (variant !== null && variant !== "" && (typeof variant !== "string" || !isId(variant)))
    return { ok: false, error: CART_FORM_ERRORS.product };
  const variantId = typeof variant === "string" && variant !== "" ? variant : null;
  if (intent === "remove") return { ok: true, command: { intent, productId, variantId } };
  const quantity = quantityOf(form.get("quantity"), intent === "add" ? 1 : null);
  if (quantity === null || (intent === "add" && quantity < 1)) return { ok: false, error: CART_FORM_ERRORS.quantity };
  return { ok: true, command: { intent, productId, variantId, quantity } };
}
