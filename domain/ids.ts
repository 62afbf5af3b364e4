/**
 * Ids are 24-character lowercase hex (MongoDB ObjectId style, docs/requirements.md#data-model), so
 * product links and imported ids keep their shape. Anything else can never name a row.
 */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
