/**
 * The shop's public identity and contact facts: one place for what the header,
 * footer, policies and e-mails show. The chat-app (WhatsApp) number is not here:
 * it is configuration (`WHATSAPP_NUMBER`), and `whatsappLink` builds its links.
 */
export const SHOP = {
  name: "Cartas del Valle",
  tagline: "Cartas originales de Pokémon TCG en México",
  email: "hola@cartasdelvalle.mx",
  city: "Ciudad de México, México",
  social: {
    instagram: "https://www.instagram.com/cartasdelvalle",
    facebook: "https://www.facebook.com/cartasdelvalle",
    tiktok: "https://www.tiktok.com/@cartasdelvalle",
  },
} as const;

/** The default chat-app number (country code first, digits only) when `WHATSAPP_NUMBER` is unset. */
export const DEFAULT_WHATSAPP_NUMBER = "525512345678";

/** Support answers within about this many hours (docs/requirements.md#store-policy-and-information-pages). */
export const SUPPORT_RESPONSE_HOURS = 24;

/** A click-to-chat link to the shop's number, optionally with a prefilled message. */
export function whatsappLink(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * The number as a Mexican reads it: "525512345678" → "55 1234 5678" (the country
 * code 52 and the old mobile prefix 1 dropped; 2-4-4 for Mexico City, Guadalajara
 * and Monterrey, 3-3-4 elsewhere). Other lengths are shown as given.
 */
export function displayPhoneNumber(number: string): string {
  const digits = number.replace(/\D/g, "");
  const local = /^521?(\d{10})$/.exec(digits)?.[1] ?? (digits.length === 10 ? digits : null);
  if (!local) return digits;
  if (/^(55|33|81)/.test(local)) return `${local.slice(0, 2)} ${local.slice(2, 6)} ${local.slice(6)}`;
  return `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
}
