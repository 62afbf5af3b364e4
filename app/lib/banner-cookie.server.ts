import { BANNER_COOKIE } from "#app/components/LoyaltyBanner.tsx";

/**
 * The closed loyalty banner: a plain cookie `aviso_puntos=cerrado` that the
 * browser may also write itself (docs/architecture.md#security).
 */
export function bannerClosedSetCookie(secure: boolean): string {
  return `${BANNER_COOKIE}=cerrado; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function isBannerClosed(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((part) => part.trim() === `${BANNER_COOKIE}=cerrado`);
}
