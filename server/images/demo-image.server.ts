/**
 * The demo catalogue's pictures: drawn as SVG from the product's own data
 * (card-face.ts) and rasterised to WebP at a few widths with sharp. They are
 * cached in memory and served as immutable, so each is made once per process.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Queryable } from "#server/db/client.ts";
import { isId } from "#domain/ids.ts";
import { products } from "#server/db/schema.ts";
import { renderCardFaceSvg } from "./card-face";

export const DEMO_IMAGE_WIDTHS = [100, 240, 360, 480, 720] as const;
const DEFAULT_WIDTH = 480;
const CACHE_LIMIT = 800;
const cache = new Map<string, Buffer>();

export interface DemoImageRequest {
  productId: string;
  view: "front" | "back";
  width: number;
}

/** Parses "<id>-front.webp" / "<id>-back.webp" and a width; null when it cannot name an image. */
export function parseDemoImage(file: string, widthParam: string | null): DemoImageRequest | null {
  const match = /^(\w+)-(front|back)\.webp$/.exec(file);
  if (!match || !isId(match[1])) return null;
  const requested = Number(widthParam);
  const width = (DEMO_IMAGE_WIDTHS as readonly number[]).includes(requested) ? requested : DEFAULT_WIDTH;
  return { productId: match[1], view: match[2] as "front" | "back", width };
}

export async function renderDemoImage(db: Queryable, req: DemoImageRequest): Promise<Buffer | null> {
  const key = `${req.productId}-${req.view}-${req.width}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const [face] = await db
    .select({
      name: products.name,
      expansion: products.expansion,
      cardNumber: products.cardNumber,
      type: products.type,
      rarity: products.rarity,
      category: products.category,
    })
    .from(products)
    .where(eq(products.id, req.productId))
    .limit(1);
  if (!face) return null;
  const svg = renderCardFaceSvg(face, req.view);
  const density = Math.max(36, Math.round((72 * req.width) / 500));
  const webp = await sharp(Buffer.from(svg), { density }).resize({ width: req.width }).webp({ quality: 78, effort: 3 }).toBuffer();
  cache.set(key, webp);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return webp;
}
