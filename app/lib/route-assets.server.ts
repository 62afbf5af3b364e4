/**
 * What a route's first client-side visit fetches beyond the page already shown, read from the
 * build's manifest: the route's module and the imports the shown page has not loaded, then its own
 * stylesheet (app/lib/page-prefetch.ts).
 */
import type { EntryContext } from "react-router";

export function assetsBeyondShownPage(context: EntryContext, routeId: string, stylesheet: string): string[] {
  const { manifest } = context;
  const target = manifest.routes[routeId];
  if (!target) return [];
  const loaded = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of context.staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    loaded.add(route.module);
    for (const url of route.imports ?? []) loaded.add(url);
  }
  const scripts = [target.module, ...(target.imports ?? [])].filter((url) => !loaded.has(url));
  return [...new Set(scripts), stylesheet];
}
