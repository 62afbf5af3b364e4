import { useEffect, useState } from "react";
import { TRACKING_LINK_TEXTS } from "#domain/order-pages.ts";
import { carrierName, trackingPageTakesNumber, trackingUrl } from "#domain/shipping.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * An order's tracking number and the carrier's tracking page (docs/requirements.md#order-fulfilment):
 * the page opens in a new tab (said to screen readers) on the shipment itself where the carrier's
 * address takes the number; where it does not, the number (selectable text) gets a copy button
 * (with JavaScript) and the buyer is told to type it there.
 */
export function TrackingNumber({ shippingMethod, trackingNumber }: { shippingMethod: string; trackingNumber: string | null }) {
  if (!trackingNumber) return <>{TRACKING_LINK_TEXTS.notYet}</>;
  const url = trackingUrl(shippingMethod, trackingNumber);
  const carrier = carrierName(shippingMethod);
  const takesNumber = trackingPageTakesNumber(shippingMethod);
  return (
    <>
      <span className="tracking-number">{trackingNumber}</span>
      {takesNumber ? null : <CopyTrackingNumber value={trackingNumber} />}
      {url ? (
        <>
          {" "}
          <a href={url} target="_blank" rel="noopener noreferrer" className="tracking-link">
            {TRACKING_LINK_TEXTS.label(carrier)}
            <span className="visually-hidden"> {TRACKING_LINK_TEXTS.newTab}</span>
          </a>
          {takesNumber ? null : <span className="tracking-hint">{TRACKING_LINK_TEXTS.typeNumber}</span>}
        </>
      ) : null}
    </>
  );
}

/** 'Copiar' beside the number, only with JavaScript (without it the number is plain selectable text). */
function CopyTrackingNumber({ value }: { value: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <>
      {" "}
      <button
        type="button"
        className="button tracking-copy"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => undefined,
          )
        }
      >
        {copied ? TRACKING_LINK_TEXTS.copied : TRACKING_LINK_TEXTS.copy}
      </button>
    </>
  );
}
