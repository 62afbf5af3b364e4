/**
 * The bench's rows for a large catalogue (issue 30: 100,000 products), added to the catalogue's
 * table by scripts/bench.ts when BENCH_PRODUCTS asks for LARGE_CATALOGUE products or more.
 *
 * "Uncached" is made honest with a twin: a copy of the seeded embedded database (copied after the
 * seed ended, before either server opened it) served by a second shop started with
 * CATALOG_CACHE=off, so neither the catalogue cache (list data, counts, suggestions) nor the page
 * cache answers and concurrent requests do not share a read: every request runs its count and its
 * page query. The rows compare that twin with itself in the same rounds: the last page, a filtered
 * page and a search against page 1 (p50 ≤ 1.2× page 1, all uncached, rendered for a visitor with a
 * cookie); search-as-you-type for 20 real prefixes of product names, a different one each request
 * (p50 ≤ 25 ms); the admin's 'Productos' tab with a search against 'Resumen' on the same shop, both
 * signed in as the admin (p50 ≤ 2× 'Resumen').
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { PAGE_SIZE } from "#domain/catalog.ts";
import os from "node:os";
import path from "node:path";
import { listPath, seedShop, startSeededShop, stop, type SeededShop, type StartedShop } from "./shop-server.ts";

/** The catalogue size from which these rows run. */
export const LARGE_CATALOGUE = 100_000;
/** Uncached deep, filtered and search pages against uncached page 1. */
export const TARGET_UNCACHED_P50_VS_PAGE1 = 1.2;
/** 'Productos' with a search against 'Resumen'. */
export const TARGET_ADMIN_PRODUCTS_VS_SUMMARY = 2;

/** Structurally scripts/bench.ts's Target (kept there; the bench prints these rows with the others). */
export interface LargeTarget {
  name: string;
  path: string;
  cookie?: string;
  page1?: string;
  target?: "p50" | "suggest" | "yardstick";
  /** The p50 held to this many times `page1`'s. */
  maxVsPage1?: number;
  /** Paths asked in turn, one per request (the first is `path`). */
  paths?: string[];
  on?: { server: ChildProcess; base: string };
}

/**
 * A fresh DATA_DIR with `extra` synthetic products beyond the demo catalogue, seeded, or with
 * BENCH_SEEDED_DATA_DIR set, a copy of that directory (a DATA_DIR seeded before with
 * `DATA_DIR=… npx tsx scripts/seed.ts --extra N` for the same N, the shop stopped): seeding 100,000
 * products takes ten minutes on a busy machine, so repeated experiments copy it instead.
 */
export function seedCatalogue(extra: number): SeededShop {
  const from = process.env.BENCH_SEEDED_DATA_DIR;
  if (!from) return seedShop({ extra });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  fs.cpSync(from, dataDir, { recursive: true, filter: (src) => !src.endsWith("shop.lock") });
  return { dataDir };
}

/** A copy of a seeded embedded database (the bench seeds PGlite), for the twin. */
export function copySeeded(seeded: SeededShop): SeededShop {
  const dataDir = `${seeded.dataDir}-uncached`;
  fs.cpSync(seeded.dataDir, dataDir, { recursive: true, filter: (src) => !src.endsWith("shop.lock") });
  return { dataDir, databaseUrl: seeded.databaseUrl };
}

/** The twin with both catalogue caches off. */
export function startUncachedTwin(seeded: SeededShop): Promise<StartedShop> {
  return startSeededShop(seeded, { env: { CATALOG_CACHE: "off" } });
}

export async function stopTwin(twin: StartedShop) {
  await stop(twin.server);
  fs.rmSync(twin.dataDir, { recursive: true, force: true });
}

/** 20 distinct prefixes (4 to 6 letters) of product names on the list's first pages. */
async function namePrefixes(base: string): Promise<string[]> {
  const prefixes = new Set<string>();
  for (let page = 1; page <= 10 && prefixes.size < 20; page++) {
    const html = await (await fetch(base + listPath({ page }), { headers: { cookie: "bench=1" } })).text();
    for (const m of html.matchAll(/class="product-card-title"><a [^>]*>([^<]+)</g)) {
      const word = m[1]!.trim().split(/\s+/)[0]!.toLowerCase();
      if (!/^\p{L}{4,}$/u.test(word)) continue;
      const prefix = word.slice(0, 4 + (prefixes.size % 3));
      prefixes.add(prefix);
      if (prefixes.size === 20) break;
    }
  }
  if (prefixes.size < 20) throw new Error(`only ${prefixes.size} name prefixes found on the list`);
  return [...prefixes];
}

/**
 * The twin's rows: `adminCookie` signs in the twin's admin (scripts/bench.ts's helper). Every page
 * asked is checked first (200, lists something), so a row never measures an error page.
 */
export async function largeCatalogueTargets(
  twin: StartedShop,
  total: number,
  renderCookie: string,
  adminCookie: (base: string) => Promise<string>,
): Promise<LargeTarget[]> {
  const on = { server: twin.server, base: twin.base };
  const admin = await adminCookie(twin.base);
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const page1 = "uncached: page 1";
  const uncached = { on, cookie: renderCookie, page1, target: "p50", maxVsPage1: TARGET_UNCACHED_P50_VS_PAGE1 } as const;
  const prefixes = await namePrefixes(twin.base);
  const suggestions = prefixes.map((p) => `/buscar/sugerencias?q=${encodeURIComponent(p)}`);
  const targets: LargeTarget[] = [
    { name: page1, path: listPath({}), on, cookie: renderCookie, target: "yardstick" },
    { name: `uncached: last page (${lastPage})`, path: listPath({ page: lastPage }), ...uncached },
    {
      name: "uncached: filtered (Ultra Rare, Pokémon, sale)",
      path: listPath({ rarity: "Ultra Rare", type: "Pokémon", onSale: true }),
      ...uncached,
    },
    { name: "uncached: search 'charizard'", path: listPath({ search: "charizard" }), ...uncached },
    { name: `uncached: suggestions, 20 prefixes ('${prefixes[0]}', …)`, path: suggestions[0]!, paths: suggestions, on, target: "suggest" },
    { name: `admin 'Resumen', ${total} products`, path: "/admin", on, cookie: admin, target: "yardstick" },
    {
      name: "admin 'Productos', search 'charizard'",
      path: `/admin?${new URLSearchParams({ tab: "productos", q: "charizard" })}`,
      on,
      cookie: admin,
      page1: `admin 'Resumen', ${total} products`,
      target: "p50",
      maxVsPage1: TARGET_ADMIN_PRODUCTS_VS_SUMMARY,
    },
  ];
  for (const t of targets) {
    for (const p of t.paths ?? [t.path]) {
      const res = await fetch(twin.base + p, { redirect: "manual", headers: t.cookie ? { cookie: t.cookie } : {} });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      if (p.startsWith("/productos") && !body.includes('href="/producto/')) throw new Error(`${p} lists no product`);
      if (p.startsWith("/buscar/") && !body.includes('"href":"/producto/')) throw new Error(`${p} suggests no product`);
      if (p.includes("tab=productos") && !body.includes("/admin/editar-producto/")) throw new Error(`${p} lists no product`);
    }
  }
  return targets;
}
