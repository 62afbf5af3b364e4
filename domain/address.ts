/**
 * Postal addresses in Mexico (docs/requirements.md#accounts-and-sessions), as the profile, the checkout, the
 * order pages and the e-mails show them: one shape and one way to print it.
 */
export interface PostalAddress {
  street: string;
  colonia: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  references: string | null;
}

/** One of a customer's saved addresses (the old JSON field names). */
export interface SavedAddress extends PostalAddress {
  _id: string;
  isDefault: boolean;
}

/** The address an order ships to, with the recipient. */
export interface ShippingAddress extends PostalAddress {
  name: string;
  phone: string;
}

type Printable = Pick<PostalAddress, "street" | "city" | "state" | "zipCode"> & { colonia?: string | null; country?: string | null };

/**
 * As Mexican forms and carriers write an address (docs/requirements.md#accounts-and-sessions): the
 * street with its colonia, then the postal code before the city and the state:
 * "Av. Reforma 1, Col. Juárez" and "C.P. 06600, Ciudad de México, Ciudad de México".
 */
export function addressLines(address: Printable): [string, string] {
  return [
    address.colonia ? `${address.street}, Col. ${address.colonia}` : address.street,
    `C.P. ${address.zipCode}, ${address.city}, ${address.state}`,
  ];
}

/** The address on one line, with the country: "Calle 1, Col. Centro, C.P. 72000, Puebla, Puebla, México". */
export function addressLine(address: Printable): string {
  return [...addressLines(address), address.country || "México"].join(", ");
}
