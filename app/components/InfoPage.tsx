import type { ReactNode } from "react";
import { SHOP } from "~/lib/shop";

/** WhatsApp chat link built from the shop's phone number (digits only, with country code). */
export const WHATSAPP_URL = `https://wa.me/${SHOP.phoneHref.replace(/\D/g, "")}`;

interface InfoPageProps {
  title: string;
  /** Date of the last revision in Mexican Spanish, e.g. "23 de mayo de 2025". */
  updated?: string;
  children: ReactNode;
}

/**
 * Shared layout of the information pages (terms, privacy, warranty, shipping):
 * one h1, the optional last-updated line, the page's sections and a contact box.
 */
export function InfoPage({ title, updated, children }: InfoPageProps) {
  return (
    <article className="info-page">
      <h1>{title}</h1>
      {updated ? <p className="info-updated">Última actualización: {updated}</p> : null}
      {children}
      <aside className="info-contact" aria-labelledby="info-contact-title">
        <h2 id="info-contact-title">¿Tienes dudas?</h2>
        <p>Escríbenos y con gusto te ayudamos:</p>
        <ul>
          <li>
            Correo: <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </li>
          <li>
            WhatsApp:{" "}
            <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
              {SHOP.phoneDisplay}
            </a>
          </li>
        </ul>
      </aside>
    </article>
  );
}

/**
 * The sentence that goes wherever a page says sales are final: the store policy
 * cannot waive the buyer's rights under the Ley Federal de Protección al Consumidor.
 */
export function ConsumerRightsNote() {
  return (
    <p className="info-note">
      Esto no limita los derechos que te otorga la Ley Federal de Protección al Consumidor: en una compra a
      distancia puedes revocar tu compra dentro de los 5 días hábiles siguientes a que recibas el producto,
      devolviéndolo en el estado en que lo recibiste (art. 56), y si un producto llega defectuoso, no corresponde a
      lo que se describió o no se te entrega, puedes pedir su reposición, una bonificación o la devolución de lo que
      pagaste (art. 92).
    </p>
  );
}
