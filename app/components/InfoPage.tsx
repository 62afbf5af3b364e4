import type { ReactNode } from "react";
import { SHOP } from "#domain/shop.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { SHIPPING_METHODS, thresholdDiscountPercent, type ShippingMethodId } from "#domain/shipping.ts";
import { useShopPhone } from "#app/lib/shop-phone.ts";

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
  const phone = useShopPhone();
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
            <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
              {phone.display}
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
      Esto no limita los derechos que te otorga la Ley Federal de Protección al Consumidor: en una compra a distancia puedes revocar tu
      compra dentro de los 5 días hábiles siguientes a que recibas el producto, devolviéndolo en el estado en que lo recibiste (art. 56), y
      si un producto llega defectuoso, no corresponde a lo que se describió o no se te entrega, puedes pedir su reposición, una bonificación
      o la devolución de lo que pagaste (art. 92).
    </p>
  );
}

/** A method's price from the free-shipping threshold on: "Gratis" or "$110.00 MXN (50% de descuento)". */
export function thresholdPriceText(method: ShippingMethodId, free = "Gratis"): string {
  const cents = SHIPPING_METHODS[method].thresholdPriceCents;
  return cents === 0 ? free : `${formatMoneyCents(cents)} (${thresholdDiscountPercent(method)}% de descuento)`;
}
