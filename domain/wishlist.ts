/**
 * The wishlist (docs/requirements.md#wishlist-and-back-in-stock-alerts): its address, limit and
 * Spanish words, shared by the views and the server. The back-in-stock alerts' are in
 * `stock-alerts.ts` and the heart's own in `wishlist-heart.ts`, so the heart on every card carries
 * neither the alert form's words nor these.
 */

import { WISHLIST_HEART_LABELS } from "./wishlist-heart";

export { WISHLIST_ACTION } from "./wishlist-heart";
/** The profile tab that lists the wishlist. */
export const WISHLIST_TAB_HREF = "/perfil?tab=lista-de-deseos";

/** How many products one customer may keep in the wishlist, so the table cannot be flooded. */
export const MAX_WISHLIST_ITEMS = 200;

export const WISHLIST_MESSAGES = {
  ...WISHLIST_HEART_LABELS,
  tabTitle: "Lista de deseos",
  empty: "Tu lista de deseos está vacía. Toca el corazón de una carta para guardarla aquí.",
  browse: "Ir a la tienda",
  soldOut: "Agotado",
  inStock: "Disponible",
  removeShort: "Quitar",
  invalidRequest: "La solicitud no es válida.",
  productNotFound: "Producto no encontrado",
  signInRequired: "Inicia sesión para guardar tu lista de deseos.",
  tooMany: `Tu lista de deseos admite hasta ${MAX_WISHLIST_ITEMS} productos. Quita alguno para agregar otro.`,
  failed: "No pudimos actualizar tu lista de deseos. Intenta de nuevo.",
} as const;
