/**
 * What one page request costs the server, by part: database round trips, and the time spent reading
 * the shopper (session, cart, points, wishlist), in the route loaders and rendering. Off unless
 * SERVER_TIMING=true (the benchmark turns it on): then each rendered page carries a `Server-Timing`
 * header (https://www.w3.org/TR/server-timing/) with these figures, which `npm run bench` reads to
 * print where a request's time goes (decision record 007). Off, nothing is measured and no header
 * is sent: the figures would tell a stranger about the server's internals.
 *
 * The record follows the request through its asynchronous work (AsyncLocalStorage), so the database
 * client and the loaders add to it without being handed anything.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";

interface RequestCost {
  /** performance.now() when the request reached the shop's routes. */
  started: number;
  queries: number;
  /** Milliseconds per named part, summed when a part runs more than once. */
  parts: Map<string, number>;
}

const costs = new AsyncLocalStorage<RequestCost>();

/** Express middleware: measures the requests after it when `enabled` (SERVER_TIMING=true). */
export function requestCost(enabled: boolean): RequestHandler {
  if (!enabled) return (_req, _res, next) => next();
  return (_req, _res, next) => costs.run({ started: performance.now(), queries: 0, parts: new Map() }, next);
}

/** Counts one database round trip for the request under way (the database client's query hook). */
export function countQuery(): void {
  const cost = costs.getStore();
  if (cost) cost.queries++;
}

/** Runs `work` and adds its wall time to the request's `part` (only while measuring). */
export async function timed<T>(part: string, work: () => Promise<T>): Promise<T> {
  const cost = costs.getStore();
  if (!cost) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    addPart(cost, part, performance.now() - started);
  }
}

/** Marks the end of the loaders (the render starts): the time since the request reached the routes. */
export function markLoadersDone(): void {
  const cost = costs.getStore();
  if (cost) addPart(cost, "loaders", performance.now() - cost.started);
}

/**
 * The `Server-Timing` value for the request under way, with `render` (the milliseconds the page took
 * to render) added; null when not measuring.
 */
export function serverTiming(renderMs: number): string | null {
  const cost = costs.getStore();
  if (!cost) return null;
  addPart(cost, "render", renderMs);
  const entries = [`db;desc="${cost.queries}"`];
  for (const [part, ms] of cost.parts) entries.push(`${part};dur=${ms.toFixed(2)}`);
  entries.push(`total;dur=${(performance.now() - cost.started).toFixed(2)}`);
  return entries.join(", ");
}

function addPart(cost: RequestCost, part: string, ms: number) {
  cost.parts.set(part, (cost.parts.get(part) ?? 0) + ms);
}
