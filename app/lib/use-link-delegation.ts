import { useCallback } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for plain `<a href>` links inside one container (the product grid):
 * an `onClick` for the container that handles a plain click on a link to the shop's own pages as
 * a router `<Link>` would (no document reload, only the next page's data is fetched). A list of 24
 * cards renders 24 plain anchors instead of 24 router links, each of which runs five hooks on every
 * server render. Modified clicks (new tab, new window, download), other targets and other origins
 * are left to the browser, as `<Link>` leaves them. Anchors carry `data-discover` so React Router
 * still discovers their routes ahead of the click. `onFollow` runs for a link it follows, before
 * the navigation starts.
 */
export function useLinkDelegation(onFollow?: (anchor: HTMLAnchorElement) => void): (event: React.MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      onFollow?.(anchor);
      const to = url.pathname + url.search + url.hash;
      // As <Link>: a link to the page already shown replaces the history entry instead of adding one.
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    },
    [navigate, onFollow],
  );
}
