/**
 * The wishlist's heart on every product card and product page (docs/requirements.md#wishlist-and-back-in-stock-alerts):
 * where it posts and its two names. Apart from `wishlist.ts`, whose other words only the profile
 * and the server use, so the list page does not carry them.
 */

/** Where the heart posts (intent add | remove, productId). */
export const WISHLIST_ACTION = "/lista-de-deseos";

/** The heart's accessible names, by what pressing it would do. */
export const WISHLIST_HEART_LABELS = {
  add: "Agregar a la lista de deseos",
  remove: "Quitar de la lista de deseos",
} as const;
