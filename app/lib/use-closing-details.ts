import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A `<details>` menu (it opens and closes without JavaScript) that closes after each client-side
 * navigation: the ref to put on it. Not on the first render: on a slow phone the menu may have been
 * opened before the page hydrated.
 */
export function useClosingDetails() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);
  return menuRef;
}
