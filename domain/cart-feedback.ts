/**
 * What the product page says after 'Agregar al carrito' (docs/requirements.md#cart): the status
 * with its link to the cart, and why the button is disabled once the cart holds every unit. Kept
 * apart from messages.ts, whose words the list's and the product page's JavaScript does not need.
 */

/** The `?aviso=` key (NOTICE_PARAM) a no-JS add comes back to the product page with. */
export const CART_ADDED_NOTICE = "agregado-al-carrito";

export const CART_FEEDBACK = {
  added: "Agregado al carrito",
  viewCart: "Ver carrito",
  /** The add button's label when the cart already holds every unit of the chosen copy. */
  allInCart: "Ya tienes todas las disponibles",
} as const;
