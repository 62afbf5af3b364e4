import { useHydrated } from "#app/lib/use-hydrated.ts";

/** 'Imprimir' opens the browser's print dialog; without JavaScript the browser's own menu prints the page. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="field-hint">Usa la opción Imprimir de tu navegador.</p>;
  return (
    <button type="button" className="button button-primary" onClick={() => window.print()}>
      Imprimir
    </button>
  );
}
