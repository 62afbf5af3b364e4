/**
 * The webhook signature check (docs/architecture.md#payments): HMAC-SHA256 hex of
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, constant-time compared,
 * ts in milliseconds (13 digits) or seconds, 10 minutes of tolerance.
 */
import { createHmac } from "node:crypto";
import { WebhookSignatureValidator } from "mercadopago";
import { describe, expect, it } from "vitest";
import { SIGNATURE_TOLERANCE_MS, notificationParts, signNotification, signatureManifest, verifySignature } from "./signature";

const SECRET = "test-webhook-secret";
const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const REQUEST_ID = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";

function check(overrides: Partial<Parameters<typeof verifySignature>[0]> & { ts?: string } = {}) {
  const ts = overrides.ts ?? String(NOW);
  const dataId = overrides.dataId === undefined ? "123456789" : overrides.dataId;
  const requestId = overrides.requestId === undefined ? REQUEST_ID : overrides.requestId;
  const signatureHeader =
    overrides.signatureHeader === undefined ? signNotification(SECRET, { dataId, requestId, ts }) : overrides.signatureHeader;
  return verifySignature({ secret: SECRET, now: NOW, ...overrides, dataId, requestId, signatureHeader });
}

describe("webhook signature", () => {
  it("signs the manifest exactly as Mercado Pago documents it", () => {
    const manifest = `id:123456789;request-id:${REQUEST_ID};ts:${NOW};`;
    expect(signatureManifest({ dataId: "123456789", requestId: REQUEST_ID, ts: String(NOW) })).toBe(manifest);
    const v1 = createHmac("sha256", SECRET).update(manifest).digest("hex");
    expect(signNotification(SECRET, { dataId: "123456789", requestId: REQUEST_ID, ts: String(NOW) })).toBe(`ts=${NOW},v1=${v1}`);
  });

  it("agrees with the SDK's own validator (seconds, numeric id)", () => {
    const ts = String(Math.floor(NOW / 1000));
    const header = signNotification(SECRET, { dataId: "987654321", requestId: REQUEST_ID, ts });
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: header,
        xRequestId: REQUEST_ID,
        dataId: "987654321",
        secret: SECRET,
        now: () => NOW,
      }),
    ).not.toThrow();
  });

  it("accepts a good signature, with ts in milliseconds or in seconds", () => {
    expect(check()).toEqual({ ok: true, value: undefined });
    expect(check({ ts: String(Math.floor(NOW / 1000)) })).toEqual({ ok: true, value: undefined });
  });

  it("refuses a signature made with another secret, or over another payment id", () => {
    const forged = signNotification("another-secret", { dataId: "123456789", requestId: REQUEST_ID, ts: String(NOW) });
    expect(check({ signatureHeader: forged })).toEqual({ ok: false, failure: "mismatch" });
    const otherId = signNotification(SECRET, { dataId: "999", requestId: REQUEST_ID, ts: String(NOW) });
    expect(check({ signatureHeader: otherId })).toEqual({ ok: false, failure: "mismatch" });
    // The same v1 under a changed ts is a mismatch too.
    const header = signNotification(SECRET, { dataId: "123456789", requestId: REQUEST_ID, ts: String(NOW) });
    expect(check({ signatureHeader: header.replace(`ts=${NOW}`, `ts=${NOW + 1}`) })).toEqual({ ok: false, failure: "mismatch" });
  });

  it("refuses a missing or malformed header, and any check without a secret", () => {
    expect(check({ signatureHeader: null })).toEqual({ ok: false, failure: "missing" });
    expect(check({ signatureHeader: `ts=${NOW}` })).toEqual({ ok: false, failure: "missing" });
    expect(check({ signatureHeader: "v1=abc" })).toEqual({ ok: false, failure: "missing" });
    expect(check({ signatureHeader: `ts=${NOW},v1=not-hex` })).toEqual({ ok: false, failure: "malformed" });
    expect(check({ signatureHeader: `ts=12ab,v1=${"0".repeat(64)}` })).toEqual({ ok: false, failure: "malformed" });
    expect(check({ secret: undefined })).toEqual({ ok: false, failure: "no-secret" });
    expect(check({ secret: "" })).toEqual({ ok: false, failure: "no-secret" });
  });

  it("refuses a ts more than 10 minutes away, in either unit and either direction", () => {
    const stale = NOW - SIGNATURE_TOLERANCE_MS - 1000;
    expect(check({ ts: String(stale) })).toEqual({ ok: false, failure: "stale" });
    expect(check({ ts: String(Math.floor(stale / 1000)) })).toEqual({ ok: false, failure: "stale" });
    expect(check({ ts: String(NOW + SIGNATURE_TOLERANCE_MS + 1000) })).toEqual({ ok: false, failure: "stale" });
    expect(check({ ts: String(NOW - SIGNATURE_TOLERANCE_MS + 1000) })).toEqual({ ok: true, value: undefined });
  });

  it("lower-cases an alphanumeric data.id in the manifest, and leaves other ids as they are", () => {
    expect(signatureManifest({ dataId: "ABC123", requestId: null, ts: "1" })).toBe("id:abc123;ts:1;");
    expect(signatureManifest({ dataId: "ORD-01AB", requestId: null, ts: "1" })).toBe("id:ORD-01AB;ts:1;");
    // Mercado Pago signs the lower-cased id; the query string carries the upper-case one.
    const header = signNotification(SECRET, { dataId: "abc123", requestId: REQUEST_ID, ts: String(NOW) });
    expect(check({ dataId: "ABC123", signatureHeader: header })).toEqual({ ok: true, value: undefined });
  });

  it("leaves a missing data.id or x-request-id out of the manifest", () => {
    expect(signatureManifest({ dataId: null, requestId: null, ts: "5" })).toBe("ts:5;");
    expect(signatureManifest({ dataId: "1", requestId: null, ts: "5" })).toBe("id:1;ts:5;");
    expect(check({ requestId: null })).toEqual({ ok: true, value: undefined });
    const withRequestId = signNotification(SECRET, { dataId: "123456789", requestId: REQUEST_ID, ts: String(NOW) });
    expect(check({ requestId: null, signatureHeader: withRequestId })).toEqual({ ok: false, failure: "mismatch" });
  });

  it("reads data.id and type from the query string, not the body", () => {
    const request = new Request("http://tienda.test/api/webhooks/mercadopago?data.id=42&type=payment", {
      method: "POST",
      headers: { "x-signature": "ts=1,v1=2", "x-request-id": "r" },
      body: JSON.stringify({ data: { id: "43" }, type: "payment" }),
    });
    expect(notificationParts(request)).toEqual({ dataId: "42", type: "payment", signatureHeader: "ts=1,v1=2", requestId: "r" });
  });
});
