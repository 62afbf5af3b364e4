/**
 * 'Mostrando X de Y resultados' needs a count for every list view, and counting
 * the whole catalogue is the most expensive part of page 1 on the embedded
 * database. Counts are kept for a few seconds per filter combination; product
 * writes in this process clear them at once (another process's writes show
 * within the TTL). The rows of a page are always read fresh.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

const entries = new Map<string, { total: number; expires: number }>();
let generation = 0;

export async function cachedCount(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.total;
  const startedAt = generation;
  const total = await count();
  // A write that happened while counting makes this result stale: do not keep it.
  if (startedAt === generation) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { total, expires: now + TTL_MS });
  }
  return total;
}

/** Call after any write to products (create, update, delete, import, stock change). */
export function invalidateCatalogCounts(): void {
  generation++;
  entries.clear();
}
