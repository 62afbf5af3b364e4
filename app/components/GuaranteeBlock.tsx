import { Link } from "react-router";

/** The product page's authenticity guarantee (docs/requirements.md#catalogue), linking to '/garantia'. */
export function GuaranteeBlock() {
  return (
    <section className="guarantee" aria-labelledby="garantia-titulo">
      <ShieldIcon />
      <div>
        <h2 id="garantia-titulo">Garantía de autenticidad</h2>
        <p>
          100% original. Revisamos cada carta antes de enviarla; si no es auténtica, te devolvemos tu dinero.{" "}
          <Link to="/garantia">Conoce la garantía</Link>
        </p>
      </div>
    </section>
  );
}

function ShieldIcon() {
  return (
    <svg
      aria-hidden="true"
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}
