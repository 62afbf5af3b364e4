import { useFetchers } from "react-router";
import { useRootData } from "#app/root.tsx";

export const CART_ACTION = "/carrito";

export interface ShownCartQuantities {
  count: number;
  /** Units per product (all its variants). */
  quantities: Record<string, number>;
  /** Units per variant. */
  variants: Record<string, number>;
}

/**
 * Cart quantities as the shopper should see them right now: the root loader's
 * numbers, adjusted by cart submissions still in flight (optimistic UI). When
 * they finish, React Router revalidates the root loader and the real numbers return.
 * A list card's add names only the product (its variant is the server's choice): it
 * counts towards the product until the real numbers return.
 */
export function useCartQuantities(): ShownCartQuantities {
  const root = useRootData();
  const fetchers = useFetchers();
  const base: ShownCartQuantities = { count: 0, quantities: {}, variants: {}, ...root?.cart };
  const pending = fetchers.filter((f) => f.formData && f.formAction?.startsWith(CART_ACTION));
  if (pending.length === 0) return base;
  const quantities = { ...base.quantities };
  const variants = { ...base.variants };
  const setVariant = (productId: string, variantId: string, next: number) => {
    quantities[productId] = Math.max(0, (quantities[productId] ?? 0) - (variants[variantId] ?? 0) + next);
    variants[variantId] = next;
  };
  for (const f of pending) {
    const form = f.formData as FormData;
    const intent = form.get("intent");
    const productId = String(form.get("productId") ?? "");
    const variantId = String(form.get("variantId") ?? "");
    const quantity = Number(form.get("quantity") ?? 1);
    if (intent === "add" && productId) {
      if (variantId) setVariant(productId, variantId, (variants[variantId] ?? 0) + (quantity || 1));
      else quantities[productId] = (quantities[productId] ?? 0) + (quantity || 1);
    } else if ((intent === "set" || intent === "remove") && productId && variantId) {
      setVariant(productId, variantId, intent === "set" ? Math.max(0, quantity || 0) : 0);
    } else if (intent === "clear") {
      for (const key of Object.keys(quantities)) quantities[key] = 0;
      for (const key of Object.keys(variants)) variants[key] = 0;
    }
  }
  const count = Object.values(quantities).reduce((sum, n) => sum + n, 0);
  return { count, quantities, variants };
}

export function useCartCount(): number {
  return useCartQuantities().count;
}
