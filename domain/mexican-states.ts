/**
 * The 32 federal entities of Mexico, as shown in the address forms
 * (docs/requirements.md#accounts-and-sessions). Browser-safe: the view renders the select from this
 * list and the server refuses any other value.
 */
export const MEXICAN_STATES = [
  "Aguascalientes",
  "Baja California",
  "Baja California Sur",
  "Campeche",
  "Chiapas",
  "Chihuahua",
  "Ciudad de México",
  "Coahuila",
  "Colima",
  "Durango",
  "Estado de México",
  "Guanajuato",
  "Guerrero",
  "Hidalgo",
  "Jalisco",
  "Michoacán",
  "Morelos",
  "Nayarit",
  "Nuevo León",
  "Oaxaca",
  "Puebla",
  "Querétaro",
  "Quintana Roo",
  "San Luis Potosí",
  "Sinaloa",
  "Sonora",
  "Tabasco",
  "Tamaulipas",
  "Tlaxcala",
  "Veracruz",
  "Yucatán",
  "Zacatecas",
] as const;

export type MexicanState = (typeof MEXICAN_STATES)[number];

const STATE_SET: ReadonlySet<string> = new Set(MEXICAN_STATES);

/** True only for one of the 32 names exactly as listed. */
export function isMexicanState(value: unknown): value is MexicanState {
  return typeof value === "string" && STATE_SET.has(value);
}
