/**
 * The back-in-stock alerts (docs/requirements.md#wishlist-and-back-in-stock-alerts): their
 * addresses and Spanish words, shared by the views and the server.
 */

/** Where 'Avísame cuando vuelva' posts (productId, optional variantId, email). */
export const STOCK_ALERT_ACTION = "/alertas";
/** The one-click unsubscribe page of the back-in-stock e-mails (`?correo=…&firma=…`). */
export const STOCK_ALERT_UNSUBSCRIBE_PATH = "/alertas/baja";
/** Where a guest's confirmation link points: `/alertas/confirmar/{token}` (GET asks, POST confirms). */
export const STOCK_ALERT_CONFIRM_PATH = "/alertas/confirmar";
/** How long a guest's confirmation link works, in days (said in the e-mail). */
export const STOCK_ALERT_CONFIRM_DAYS = 7;

export const STOCK_ALERT_MESSAGES = {
  title: "Avísame cuando vuelva",
  intro: "Déjanos tu correo y te escribimos una sola vez cuando vuelva a estar disponible.",
  /** A guest's intro: the address is confirmed by e-mail before any alert goes to it. */
  guestIntro: "Déjanos tu correo: te pediremos confirmarlo y te escribiremos una sola vez cuando vuelva a estar disponible.",
  emailLabel: "Tu correo electrónico",
  submit: "Avísame cuando vuelva",
  busy: "Enviando…",
  /** The same answer for every address: it never says whether the address is a customer's. */
  done: "Listo. Te escribiremos en cuanto vuelva a estar disponible.",
  /** A guest's answer, the same for every address: nothing is sent on restock before the link is followed. */
  checkEmail: "Revisa tu correo y abre el enlace que te enviamos para confirmar tu aviso. Sin confirmarlo no podremos avisarte.",
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
  // The confirmation page of a guest's request.
  confirmTitle: "Confirma tu aviso",
  confirmSubmit: "Confirmar mi aviso",
  confirmedTitle: "Aviso confirmado",
  confirmBadLink:
    "Este enlace de confirmación no es válido: caducó, ya se usó o está incompleto. Si ya confirmaste, tu aviso sigue activo; si no, pídelo de nuevo en la página del producto.",
} as const;

/** What the signed-in customer's form says instead of asking for an address: the account's e-mail. */
export function stockAlertAccountIntro(email: string): string {
  return `Te escribiremos una sola vez a ${email} cuando vuelva a estar disponible.`;
}

/** The confirmation page's question: which product (and copy) the alert is for. */
export function stockAlertConfirmQuestion(item: { name: string; variantLabel: string | null }): string {
  return `¿Quieres que te escribamos una sola vez cuando vuelva ${stockAlertItemName(item)}?`;
}

/** The answer after confirming. */
export function stockAlertConfirmed(item: { name: string; variantLabel: string | null }): string {
  return `Listo. Te escribiremos una sola vez cuando vuelva ${stockAlertItemName(item)}.`;
}

/** A product's name with the copy asked for, if any: 'Pikachu ex (Ligeramente jugada · Japonés)'. */
export function stockAlertItemName(item: { name: string; variantLabel: string | null }): string {
  return item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
}

/**
 * The mailbox an address reaches, for counting confirmation e-mails: lower case, without a '+tag'
 * (ana+1@x and ana+2@x land in the same inbox, so they share one allowance).
 */
export function stockAlertMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/** The notice key the no-JS alert form's redirect carries (`?aviso=alerta-registrada`): a signed-in customer's alert is active. */
export const STOCK_ALERT_NOTICE = "alerta-registrada";
/** A guest's no-JS redirect (`?aviso=confirma-tu-correo`): the confirmation e-mail is on its way. */
export const STOCK_ALERT_CONFIRM_NOTICE = "confirma-tu-correo";
