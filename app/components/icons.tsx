/** The icons app.css draws (`.icon-*`). */
export type IconName = "cart" | "search" | "user" | "filter" | "heart" | "heart-filled";

/**
 * A small decorative icon: its button or link carries the accessible name. The stylesheet draws it
 * (app.css `.icon`, a mask in the text's colour), so a page of 24 cards does not repeat a drawing in
 * its HTML and the browser's JavaScript does not carry one.
 */
export function Icon({ name }: { name: IconName }) {
  return <span className={`icon icon-${name}`} aria-hidden="true" />;
}
