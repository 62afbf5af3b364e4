/**
 * The back-in-stock alerts (docs/requirements.md#wishlist-and-back-in-stock-alerts): their
 * addresses and Spanish words, shared by the views and the server.
 */

/** Where 'Avísame cuando vuelva' posts (productId, optional variantId, email). */
export const STOCK_ALERT_ACTION = "/alertas";
/** The one-click unsubscribe page of the back-in-stock e-mails (`?correo=…&firma=…`). */
export const STOCK_ALERT_UNSUBSCRIBE_PATH = "/alertas/baja";

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
