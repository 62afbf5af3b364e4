import { isId } from "#domain/ids.ts";
import { CART_FORM_ERRORS } from "#domain/messages.ts";
import { fail, ok, type Result } from "#domain/result.ts";
/** Parses a cart form post (intent add | set | remove | clear) without trusting anything in it. */
export type CartCommand =
  | { intent: "add"; productId: string; variantId: string | null; quantity: number }
  | { intent: "set"; productId: string; variantId: string | null; quantity: number }
  | { intent: "remove"; productId: string; variantId: string | null }
  | { intent: "clear" };

/** The command, or the Spanish message that refuses the post. */
export type CartFormResult = Result<CartCommand, string>;

function quantityOf(value: FormDataEntryValue | null, fallback: number | null): number | null {
  if (value === null || value === "") return fallback;
  if (typeof value !== "string" || !/^-?\d{1,7}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function parseCartForm(form: FormData): CartFormResult {
  const intent = form.get("intent");
  if (intent === "clear") return ok({ intent });
  if (intent !== "add" && intent !== "set" && intent !== "remove") return fail(CART_FORM_ERRORS.invalid);
  const productId = form.get("productId");
  if (typeof productId !== "string" || !isId(productId)) return fail(CART_FORM_ERRORS.product);
  // The variant chosen on the product page or the cart's line; a list card names only the product.
  const variant = form.get("variantId");
  if (variant !== null && variant !== "" && (typeof variant !== "string" || !isId(variant))) return fail(CART_FORM_ERRORS.product);
  const variantId = typeof variant === "string" && variant !== "" ? variant : null;
  if (intent === "remove") return ok({ intent, productId, variantId });
  const quantity = quantityOf(form.get("quantity"), intent === "add" ? 1 : null);
  if (quantity === null || (intent === "add" && quantity < 1)) return fail(CART_FORM_ERRORS.quantity);
  return ok({ intent, productId, variantId, quantity });
}
