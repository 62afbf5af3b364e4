/**
 * Mercado Pago's webhook signature (docs/architecture.md#payments), checked by the shop's own code
 * rather than the SDK's validator (whose tolerance assumes `ts` in seconds while
 * the provider's docs show milliseconds). The `x-signature` header is
 * `ts=…,v1=…`, v1 being the HMAC-SHA256 hex, keyed with the webhook secret, of
 * the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};`, where data.id
 * comes from the query string (lower-cased when alphanumeric) and a missing part
 * is left out. The sandbox signs its notifications with `signNotification`, so
 * both providers go through the same check.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { fail, ok, type Result } from "#domain/result.ts";

/** A notification older or newer than this (by its `ts`) is refused: a replay window of 10 minutes. */
export const SIGNATURE_TOLERANCE_MS = 10 * 60 * 1000;

export interface SignedParts {
  /** `data.id` from the query string, as received (null when absent). */
  dataId: string | null;
  /** The `x-request-id` header (null when absent). */
  requestId: string | null;
  /** The `ts` of the `x-signature` header, as received. */
  ts: string;
}

/** The id as it enters the manifest: lower-cased when it is alphanumeric, as Mercado Pago does. */
function manifestId(dataId: string): string {
  return /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** `id:…;request-id:…;ts:…;` with a missing part left out. */
export function signatureManifest(parts: SignedParts): string {
  let manifest = "";
  if (parts.dataId) manifest += `id:${manifestId(parts.dataId)};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  return `${manifest}ts:${parts.ts};`;
}

function hmacHex(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

/** The `x-signature` header value Mercado Pago would send for these parts. */
export function signNotification(secret: string, parts: SignedParts): string {
  return `ts=${parts.ts},v1=${hmacHex(secret, signatureManifest(parts))}`;
}

/** `ts` and `v1` of an `x-signature` header; unknown keys ignored. */
function parseSignatureHeader(header: string): { ts?: string; v1?: string } {
  const parsed: { ts?: string; v1?: string } = {};
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === "ts") parsed.ts = value;
    else if (key === "v1") parsed.v1 = value;
  }
  return parsed;
}

/** `ts` in milliseconds: 13 digits are milliseconds (the provider's docs), fewer are seconds. */
export function timestampMs(ts: string): number {
  return ts.length === 13 ? Number(ts) : Number(ts) * 1000;
}

/** Why a notification's signature was refused. */
export type SignatureProblem = "no-secret" | "missing" | "malformed" | "mismatch" | "stale";

/** Passed (nothing to give back), or why not. */
export type SignatureCheck = Result<undefined, SignatureProblem>;

/**
 * Checks a notification's signature: the header parses, v1 equals the HMAC of
 * the manifest (constant-time), and `ts` is within SIGNATURE_TOLERANCE_MS of `now`.
 */
export function verifySignature(input: {
  secret: string | undefined;
  signatureHeader: string | null;
  requestId: string | null;
  dataId: string | null;
  now: number;
}): SignatureCheck {
  if (!input.secret) return fail("no-secret");
  if (!input.signatureHeader) return fail("missing");
  const { ts, v1 } = parseSignatureHeader(input.signatureHeader);
  if (!ts || !v1) return fail("missing");
  if (!/^\d{1,13}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return fail("malformed");
  const expected = Buffer.from(hmacHex(input.secret, signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts })), "hex");
  const given = Buffer.from(v1, "hex");
  if (!timingSafeEqual(expected, given)) return fail("mismatch");
  if (Math.abs(input.now - timestampMs(ts)) > SIGNATURE_TOLERANCE_MS) return fail("stale");
  return ok();
}

/** What a webhook request carries for the check: data.id and type from the query string, the two headers. */
export function notificationParts(request: Request): {
  dataId: string | null;
  type: string | null;
  signatureHeader: string | null;
  requestId: string | null;
} {
  const query = new URL(request.url).searchParams;
  return {
    dataId: query.get("data.id") || null,
    type: query.get("type") || null,
    signatureHeader: request.headers.get("x-signature"),
    requestId: request.headers.get("x-request-id"),
  };
}
