/**
 * The wishlist and the back-in-stock alerts (docs/requirements.md#wishlist-and-back-in-stock-alerts):
 * their addresses, limits and Spanish words, shared by the views and the server.
 */

/** Where the heart posts (intent add | remove, productId). */
export const WISHLIST_ACTION = "/lista-de-deseos";
/** Where 'Avísame cuando vuelva' posts (productId, optional variantId, email). */
export const STOCK_ALERT_ACTION = "/alertas";
/** The one-click unsubscribe page of the back-in-stock e-mails (`?correo=…&firma=…`). */
export const STOCK_ALERT_UNSUBSCRIBE_PATH = "/alertas/baja";
/** The profile tab that lists the wishlist. */
export const WISHLIST_TAB_HREF = "/perfil?tab=lista-de-deseos";

/** How many products one customer may keep in the wishlist, so the table cannot be flooded. */
export const MAX_WISHLIST_ITEMS = 200;

export const WISHLIST_MESSAGES = {
  add: "Agregar a la lista de deseos",
  remove: "Quitar de la lista de deseos",
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

export const STOCK_ALERT_MESSAGES = {
  title: "Avísame cuando vuelva",
  intro: "Déjanos tu correo y te escribimos una sola vez cuando vuelva a estar disponible.",
  emailLabel: "Tu correo electrónico",
  submit: "Avísame cuando vuelva",
  busy: "Enviando…",
  /** The same answer for every address: it never says whether the address is a customer's. */
  done: "Listo. Te escribiremos en cuanto vuelva a estar disponible.",
  backToProduct: "Volver al producto",
  emailRequired: "El correo electrónico es requerido",
  emailInvalid: "Ingresa un correo electrónico válido",
  invalidRequest: "La solicitud no es válida.",
  productNotFound: "Producto no encontrado",
  inStock: "Este producto está disponible: puedes agregarlo al carrito ahora.",
  failed: "No pudimos registrar tu aviso. Intenta de nuevo.",
  // The unsubscribe page.
  unsubscribeTitle: "Dejar de recibir avisos",
  unsubscribeQuestion: "¿Ya no quieres que te avisemos cuando vuelvan los productos que pediste?",
  unsubscribeSubmit: "Cancelar mis avisos",
  unsubscribed: "Listo. Ya no te enviaremos avisos de disponibilidad a este correo.",
  badLink: "El enlace no es válido. Usa el enlace completo de tu correo.",
} as const;

/** The notice key the no-JS alert form's redirect carries (`?aviso=alerta-registrada`). */
export const STOCK_ALERT_NOTICE = "alerta-registrada";
