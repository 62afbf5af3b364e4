/**
 * Search normalisation: lower case, accents removed, punctuation folded to
 * spaces (but '/' kept for card numbers like 199/165). The same function builds
 * the products.search column and normalises what a shopper types, so both
 * sides always agree.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

export interface SearchableProduct {
  name: string;
  expansion: string;
  cardNumber?: string | null;
  category?: string | null;
  artist?: string | null;
}

/**
 * The products.search column for one product: name, expansion, card number, category and artist
 * (migration 0005 rebuilds existing rows with the same steps in SQL).
 */
export function productSearchText(p: SearchableProduct): string {
  return normalizeSearchText([p.name, p.expansion, p.cardNumber ?? "", p.category ?? "", p.artist ?? ""].join(" "));
}

/**
 * The orders.search column (the admin's order search): the order number, the contact name and
 * e-mail typed at checkout, and the account's name and e-mail (migration 0007 fills older rows with
 * the same steps in SQL).
 */
export function orderSearchText(o: {
  orderNumber: string;
  contactName: string;
  email: string | null;
  accountName?: string | null;
  accountEmail?: string | null;
}): string {
  return normalizeSearchText([o.orderNumber, o.contactName, o.email ?? "", o.accountName ?? "", o.accountEmail ?? ""].join(" "));
}
