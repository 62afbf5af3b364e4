import { TRACKING_LINK_TEXTS } from "#domain/order-pages.ts";
import { carrierName, trackingPageTakesNumber, trackingUrl } from "#domain/shipping.ts";

/**
 * An order's tracking number and the carrier's tracking page (docs/requirements.md#order-fulfilment):
 * the page opens in a new tab (said to screen readers); where the carrier's page cannot take the
 * number, the buyer is told to type it there.
 */
export function TrackingNumber({ shippingMethod, trackingNumber }: { shippingMethod: string; trackingNumber: string | null }) {
  if (!trackingNumber) return <>{TRACKING_LINK_TEXTS.notYet}</>;
  const url = trackingUrl(shippingMethod, trackingNumber);
  const carrier = carrierName(shippingMethod);
  return (
    <>
      <span className="tracking-number">{trackingNumber}</span>
      {url ? (
        <>
          {" "}
          <a href={url} target="_blank" rel="noopener noreferrer" className="tracking-link">
            {TRACKING_LINK_TEXTS.label(carrier)}
            <span className="visually-hidden"> {TRACKING_LINK_TEXTS.newTab}</span>
          </a>
          {trackingPageTakesNumber(shippingMethod) ? null : <span className="tracking-hint">{TRACKING_LINK_TEXTS.typeNumber}</span>}
        </>
      ) : null}
    </>
  );
}
