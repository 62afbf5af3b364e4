import { randomBytes } from "node:crypto";

let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * A new 24-character lowercase hex id in the MongoDB ObjectId layout
 * (4-byte seconds timestamp, 5 random bytes, 3-byte counter), so ids imported
 * from the old shop and ids made here look alike and sort roughly by creation.
 */
export function newId(): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  randomBytes(5).copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString("hex");
}
