import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * The product page's 'Cantidad' (1 to `max`): a number field that works without JavaScript, with
 * − and + buttons once hydrated. `text` is the field's text while typing (it may be empty for a
 * moment); the number sent is clamped to 1..max.
 */
export function QuantityStepper({ max, text, onText }: { max: number; text: string; onText: (text: string) => void }) {
  const hydrated = useHydrated();
  const clamped = Math.min(Math.max(1, Math.trunc(Number(text)) || 1), max);
  const set = (n: number) => onText(String(Math.min(Math.max(1, n), max)));
  return (
    <div className="stepper">
      <label htmlFor="cantidad">Cantidad</label>
      <div className="stepper-controls">
        {hydrated ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Disminuir cantidad"
            disabled={clamped <= 1}
            onClick={() => set(clamped - 1)}
          >
            −
          </button>
        ) : null}
        <input
          id="cantidad"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={hydrated ? text : clamped}
          onChange={(e) => onText(e.currentTarget.value)}
          onBlur={() => set(clamped)}
        />
        {hydrated ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Aumentar cantidad"
            disabled={clamped >= max}
            onClick={() => set(clamped + 1)}
          >
            +
          </button>
        ) : null}
      </div>
    </div>
  );
}
