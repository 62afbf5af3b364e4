/**
 * Where an e-mail's links point (docs/requirements.md#e-mails-sent). An e-mail built in a shopper's
 * request links to the origin the request reached the shop at (PUBLIC_URL's when set, else the
 * request's own, `siteOrigin`). One built later, outside any request (the back-in-stock e-mail of a
 * restock, the payment's and the expiry's order e-mails), links to the origin recorded when the
 * thing was asked for (the alert's, the order's), else to the caller's (a request's, PUBLIC_URL),
 * else to the shop's configured origin. Never to a fixed host.
 */
import os from "node:os";
import { originOfUrl, recordableOrigin } from "#domain/origins.ts";
import { getConfig, type AppConfig } from "#server/config.ts";
import { logEvent } from "#server/http/error-log.ts";

type OriginConfig = Pick<AppConfig, "PUBLIC_URL" | "HOST" | "PORT">;

/** The addresses that mean "every interface": no name a link could use. */
const EVERY_INTERFACE = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * The shop's own origin when no request says it: PUBLIC_URL's; else the one it listens on,
 * `http://{HOST}:{PORT}`, with the machine's name when HOST is every interface (the default). Only
 * e-mails about something asked for before origins were kept, on a shop without PUBLIC_URL, use it.
 */
export function configuredOrigin(config: OriginConfig): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const hosts = EVERY_INTERFACE.has(config.HOST) ? [os.hostname(), ...externalAddresses()] : [config.HOST];
  for (const host of hosts) {
    const origin = originOfUrl(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${config.PORT}`);
    if (origin) return origin;
  }
  // A machine with neither a usable name nor a network address: nobody could follow a link anyway.
  return `http://${os.hostname()}:${config.PORT}`;
}

/** The machine's non-loopback IPv4 addresses. */
function externalAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => a!.address);
}

let warned = false;

/**
 * The origin of the links of an e-mail about something asked for at `recorded` (an alert's or an
 * order's origin column; ignored unless it is an origin): that, else `fallback`'s origin (the
 * request building the e-mail, or PUBLIC_URL), else `configuredOrigin`.
 */
export function mailLinkOrigin(recorded: string | null | undefined, fallback?: string | null, config?: OriginConfig): string {
  const kept = recordableOrigin(recorded);
  if (kept) return kept;
  const given = originOfUrl(fallback);
  if (given) return given;
  const resolved = config ?? getConfig();
  const origin = configuredOrigin(resolved);
  if (!resolved.PUBLIC_URL && !warned) {
    warned = true;
    logEvent("warn", "e-mail links use the origin the shop listens on; set PUBLIC_URL to the shop's public address", { origin });
  }
  return origin;
}
