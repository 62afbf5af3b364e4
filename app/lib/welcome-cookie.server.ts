import type { AppLoadContext } from "react-router";
import { readSignedCookie, signedCookie } from "#server/http/cookies.ts";

/**
 * The welcome after sign-up as a one-time note (docs/architecture.md#browser-state-in-cookies): the
 * registration's redirect sets the signed cookie `bienvenida` to the new account's id, and the next
 * page's root loader shows the welcome to that very account and clears it. A cookie rather than
 * `?aviso=`: the registration goes on to any page (`redirectTo`), the list answers an unknown
 * parameter with a redirect to its canonical URL, and a reload does not greet again.
 */
const WELCOME_COOKIE = "bienvenida";
/** Long enough for a slow phone to follow the redirect. */
const WELCOME_MAX_AGE_SECONDS = 10 * 60;

const welcomeCookie = (context: AppLoadContext) => signedCookie(WELCOME_COOKIE, WELCOME_MAX_AGE_SECONDS, context.config);

/** The Set-Cookie of the registration's redirect. */
export async function welcomeSetCookie(context: AppLoadContext, userId: string): Promise<string> {
  return welcomeCookie(context).serialize(userId);
}

/**
 * Whether this page greets the signed-in `userId`, and the Set-Cookie that clears the note (null when
 * the request has none). A note for another account (a shared browser) is cleared unshown.
 */
export async function takeWelcome(
  request: Request,
  context: AppLoadContext,
  userId: string | null,
): Promise<{ welcome: boolean; clearCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes(`${WELCOME_COOKIE}=`)) return { welcome: false, clearCookie: null };
  const noted = await readSignedCookie(welcomeCookie(context), request);
  const clearCookie = await welcomeCookie(context).serialize("", { maxAge: 0 });
  return { welcome: noted !== null && noted === userId, clearCookie };
}
