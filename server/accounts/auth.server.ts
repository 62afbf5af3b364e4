/**
 * Authentication guards and flows (Epic Stack style: one place, first line of
 * every loader/action that needs them). The route parses the login or
 * registration form; remix-auth's FormStrategy then runs it with that input.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clearCartCookie, readCartId } from "#server/cart/cart-cookie.server.ts";
import { mergeGuestCart } from "#server/cart/cart.server.ts";
import { clearPendingOrder } from "#server/orders/index.ts";
import type { LoginInput, RegisterInput } from "./forms";
import { ADMIN_MESSAGES, AUTH_MESSAGES } from "#domain/messages.ts";
import { createSession, deleteSession, readSessionId, sessionCookie, sessionUser } from "./sessions.server";
import { authenticateUser, registerUser, type SessionUser } from "./users.server";
import { shopperOf } from "./shopper.server";
import { ShopError } from "#server/errors.ts";

export type AuthMode = "login" | "register";

/** A login or a registration, with the form the route has parsed (loginSchema, registerSchema). */
export type AuthRequest = { mode: "login"; input: LoginInput } | { mode: "register"; input: RegisterInput };

/**
 * Runs a login or registration with the parsed input. Returns the user, or
 * throws AccountError with the Spanish message to show.
 */
export async function authenticate(auth: AuthRequest, request: Request, context: AppLoadContext) {
  const authenticator = new Authenticator<SessionUser>();
  authenticator.use(
    new FormStrategy(async () => (auth.mode === "login" ? authenticateUser(context.db, auth.input) : registerUser(context.db, auth.input))),
    auth.mode,
  );
  try {
    return await authenticator.authenticate(auth.mode, request);
  } catch (error) {
    if (error instanceof ShopError) throw error;
    if (error instanceof Error && error.name === "BodyUsedError") throw error;
    // A body that is not a form, or anything the strategy could not read.
    throw new ShopError(AUTH_MESSAGES.fallback);
  }
}

/**
 * Starts a session for the user, with the guest cart merged into the account's
 * cart; returns the cookies to set. The cart cookie is cleared: from now on the
 * account's cart is found through the session, on every device. The
 * pending-order cookie is cleared too (it may name the previous visitor's order). A session the
 * browser already held is ended: a new login always gets a new id, and no
 * orphan rows are left behind.
 */
export async function startSession(request: Request, context: AppLoadContext, user: SessionUser): Promise<Headers> {
  const previous = await readSessionId(request, context.config);
  if (previous) await deleteSession(context.db, previous);
  await mergeGuestCart(context.db, await readCartId(request, context.config), user.id);
  const sessionId = await createSession(context.db, user.id, request.headers.get("user-agent"));
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie(context.config).serialize(sessionId));
  headers.append("Set-Cookie", await clearCartCookie(context.config));
  // The previous visitor's stored order is not this customer's (a shared browser).
  headers.append("Set-Cookie", await clearPendingOrder(context.config));
  return headers;
}

/** Signs the user in (a new session, the guest cart merged), then the redirect. */
export async function signIn(request: Request, context: AppLoadContext, user: SessionUser, redirectTo: string) {
  return redirect(redirectTo, { status: 303, headers: await startSession(request, context, user) });
}

/**
 * The signed-in user, and the Set-Cookie that clears a session cookie whose
 * session or user no longer exists (logged out elsewhere, password reset,
 * account deleted), so the browser stops sending it. A missing, tampered,
 * expired or deleted session reads as logged out.
 */
export async function getUserForPage(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser | null; clearCookie: string | null }> {
  // A page's loaders share one read of the shopper (session, cart, points, wishlist: shopper.server.ts).
  if (request.method === "GET" || request.method === "HEAD") return shopperOf(request, context);
  const sessionId = await readSessionId(request, context.config);
  const user = await sessionUser(context.db, sessionId);
  const clearCookie = sessionId && !user ? await sessionCookie(context.config).serialize("", { maxAge: 0 }) : null;
  return { user, clearCookie };
}

/** The signed-in user, or null. */
export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await getUserForPage(request, context)).user;
}

/** For pages that need a user: redirect to /login?redirectTo=… when there is none. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/**
 * The first line of every `/admin` loader and action (docs/architecture.md#security): an admin
 * passes; a guest or a customer is sent to `/` from a page (docs/requirements.md#access-and-roles)
 * and answered 403 by an action (any method but GET and HEAD), which then changes nothing. A
 * layout's loader does not guard its children's actions, so every admin module calls this itself.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user?.role === "admin") return user;
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/");
  throw data({ error: ADMIN_MESSAGES.forbidden }, { status: 403 });
}

/** Logs out: the session row is deleted, the session, cart and pending-order cookies cleared, then home. */
export async function signOut(request: Request, context: AppLoadContext) {
  const sessionId = await readSessionId(request, context.config);
  if (sessionId) await deleteSession(context.db, sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie(context.config).serialize("", { maxAge: 0 }));
  // The browser keeps no cart: the account's cart stays with the account for the next login.
  headers.append("Set-Cookie", await clearCartCookie(context.config));
  // Nor the stored pending order: the next person at this browser must not see it.
  headers.append("Set-Cookie", await clearPendingOrder(context.config));
  return redirect("/", { status: 303, headers });
}
