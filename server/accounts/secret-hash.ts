/**
 * Secrets the browser holds (session ids, password-reset tokens) are stored only as their SHA-256
 * hash (docs/architecture.md#security): a copy of the database names no usable secret. The
 * secrets are 32 random bytes, so a plain hash, without salt or stretching, is enough.
 */
import { createHash } from "node:crypto";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
