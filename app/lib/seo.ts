import { SHOP } from "#domain/shop.ts";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/terminos". Made absolute from the site origin. */
  path: string;
  origin?: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

/**
 * The meta tags every page carries: title, description, canonical link and Open
 * Graph. `origin` comes from the root loader (PUBLIC_URL or the request's host).
 */
export function pageMeta(input: PageMetaInput) {
  const origin = input.origin ?? "";
  const url = `${origin}${input.path}`;
  const title = input.title.includes(SHOP.name) ? input.title : `${input.title} | ${SHOP.name}`;
  const tags: Array<Record<string, string>> = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: SHOP.name },
    { property: "og:locale", content: "es_MX" },
  ];
  if (input.image) tags.push({ property: "og:image", content: input.image.startsWith("http") ? input.image : `${origin}${input.image}` });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The site origin the root loader exposes, for absolute canonical and Open Graph URLs. */
export function originFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.data as { origin?: string } | undefined;
  return data?.origin ?? "";
}
