/**
 * The heart's action (docs/requirements.md#wishlist-and-back-in-stock-alerts): intent add | remove
 * and productId, for the signed-in customer. Without JavaScript the form carries `redirectTo` and
 * gets a 303 back to its page; with JavaScript a fetcher posts and the hearts follow the root
 * loader. A guest is sent to sign in (303) or, from a fetcher, refused (401); nothing is written.
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/lista-de-deseos";
import { getUser } from "#server/accounts/auth.server.ts";
import { addToWishlist, removeFromWishlist } from "#server/wishlist/index.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { isId } from "#domain/ids.ts";
import { safeRedirectPath } from "#domain/safe-redirect.ts";
import { WISHLIST_MESSAGES, WISHLIST_TAB_HREF } from "#domain/wishlist.ts";
import { refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { pageMeta } from "#app/lib/seo.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(WISHLIST_MESSAGES.invalidRequest));
  const intent = form.get("intent");
  const productId = form.get("productId");
  const redirectTo = form.has("redirectTo") ? safeRedirectPath(form.get("redirectTo"), WISHLIST_TAB_HREF) : null;
  const values = { intent: typeof intent === "string" ? intent.slice(0, 20) : "" };
  const user = await getUser(request, context);
  if (!user) {
    if (redirectTo) return redirect(`/login?${new URLSearchParams({ redirectTo })}`, 303);
    return refuse(failureOf(WISHLIST_MESSAGES.signInRequired, { values }), 401);
  }
  if (intent !== "add" && intent !== "remove") return refuse(failureOf(WISHLIST_MESSAGES.invalidRequest, { values }));
  if (!isId(productId)) return refuse(failureOf(WISHLIST_MESSAGES.productNotFound, { values }), 404);
  try {
    if (intent === "add") await addToWishlist(context.db, user.id, productId);
    else await removeFromWishlist(context.db, user.id, productId);
  } catch (error) {
    return refuseThrown(error, { values, fallback: WISHLIST_MESSAGES.failed, log: "wishlist change failed", requestId: context.requestId });
  }
  if (redirectTo) return redirect(redirectTo, 303);
  return { ok: true as const };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: WISHLIST_MESSAGES.tabTitle, description: WISHLIST_MESSAGES.tabTitle, path: "/lista-de-deseos", noindex: true });

/** What a no-JS post that was refused shows (an archived product, a full list); a GET shows the way to the list. */
export default function WishlistActionPage({ actionData }: Route.ComponentProps) {
  const message = failureFor(actionData)?.formError;
  return (
    <section className="empty-state">
      <h1>{WISHLIST_MESSAGES.tabTitle}</h1>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <Link to={WISHLIST_TAB_HREF} className="button button-primary">
        {WISHLIST_MESSAGES.tabTitle}
      </Link>
    </section>
  );
}
