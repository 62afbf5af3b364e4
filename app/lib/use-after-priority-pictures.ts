import { useEffect, useState } from "react";

/**
 * False until the page's priority pictures (`img[fetchpriority="high"]`, the product's own) have
 * loaded or failed, then true; false on the server and during hydration. What a page fetches ahead
 * for the next one waits for it, so that it does not share a phone's link with the picture the
 * shopper is looking at (decision 026; the document's loader does the same for a document load).
 */
export function useAfterPriorityPictures(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const waiting = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete);
    let left = waiting.length;
    if (left === 0) {
      setLoaded(true);
      return;
    }
    const one = () => {
      left -= 1;
      if (left === 0) setLoaded(true);
    };
    for (const img of waiting) {
      img.addEventListener("load", one);
      img.addEventListener("error", one);
    }
    return () => {
      for (const img of waiting) {
        img.removeEventListener("load", one);
        img.removeEventListener("error", one);
      }
    };
  }, []);
  return loaded;
}
