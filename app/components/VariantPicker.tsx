import { Form } from "react-router";
import { formatMoney } from "#domain/format.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export interface PickableVariant {
  id: string;
  slug: string;
  label: string;
  finalPrice: number;
  stock: number;
}

/** '3 disponibles', '1 disponible' or 'Agotado'. */
export function unitsLeft(stock: number): string {
  if (stock <= 0) return "Agotado";
  return `${stock} ${stock === 1 ? "disponible" : "disponibles"}`;
}

/**
 * The product page's choice of condition and language (decision record 017): one radio per
 * variant, each with its price and its units left. Without JavaScript it is a GET form whose
 * 'Ver opción' button reloads the page with `?variante=`; with JavaScript a change replaces the
 * URL at once (`onChoose`), so the chosen variant can be shared.
 */
export function VariantPicker({
  variants,
  chosenId,
  onChoose,
}: {
  variants: readonly PickableVariant[];
  chosenId: string | null;
  onChoose: (slug: string) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Form method="get" className="variant-picker" preventScrollReset replace>
      {/* Uncontrolled radios: a tap shows at once while the URL follows; a new choice from the URL (back) remounts them. */}
      <fieldset key={chosenId ?? ""}>
        <legend>Condición e idioma</legend>
        <ul className="variant-options">
          {variants.map((v) => (
            <li key={v.id}>
              <label className={`variant-option${v.stock <= 0 ? " is-out" : ""}`}>
                <input type="radio" name="variante" value={v.slug} checked={v.id === chosenId} onChange={() => onChoose(v.slug)} />
                <span className="variant-option-label">{v.label}</span>
                <span className="variant-option-price">{formatMoney(v.finalPrice)}</span>
                <span className="variant-option-stock">{unitsLeft(v.stock)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="button">
          Ver opción elegida
        </button>
      )}
    </Form>
  );
}
