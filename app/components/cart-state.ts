import { useFetchers } from "react-router";
import { useRootData } from "#app/root.tsx";

export const CART_ACTION = "/carrito";

/**
 * Cart quantities as the shopper should see them right now: the root loader's
 * numbers, adjusted by cart submissions still in flight (optimistic UI). When
 * they finish, React Router revalidates the root loader and the real numbers return.
 */
export function useCartQuantities(): { count: number; quantities: Record<string, number> } {
  const root = useRootData();
  const fetchers = useFetchers();
  const base = root?.cart ?? { count: 0, quantities: {} };
  const pending = fetchers.filter((f) => f.formData && f.formAction?.startsWith(CART_ACTION));
  if (pending.length === 0) return base;
  const quantities = { ...base.quantities };
  for (const f of pending) {
    const form = f.formData as FormData;
    const intent = form.get("intent");
    const productId = String(form.get("productId") ?? "");
    const quantity = Number(form.get("quantity") ?? 1);
    if (intent === "add" && productId) quantities[productId] = (quantities[productId] ?? 0) + (quantity || 1);
    else if (intent === "set" && productId) quantities[productId] = Math.max(0, quantity || 0);
    else if (intent === "remove" && productId) quantities[productId] = 0;
    else if (intent === "clear") for (const key of Object.keys(quantities)) quantities[key] = 0;
  }
  const count = Object.values(quantities).reduce((sum, n) => sum + n, 0);
  return { count, quantities };
}

export function useCartCount(): number {
  return useCartQuantities().count;
}
