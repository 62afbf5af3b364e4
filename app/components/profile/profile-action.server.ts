/**
 * What every profile form's action shares: its arguments, the redirect after a
 * change, and the answer to a refusal (a service's ShopError on its field or the
 * form; anything else logged, with the generic Spanish message for that form).
 */
import { redirect, type AppLoadContext } from "react-router";
import { NOTICE_PARAM, type FailureContext } from "#domain/form-failure.ts";
import type { ProfileNotice } from "#domain/messages.ts";
import { refuseThrown } from "#app/lib/form.server.ts";
import type { SessionUser } from "#server/accounts/users.server.ts";
import { tabUrl, type ProfileTab } from "./tabs";

export interface ProfileActionArgs {
  request: Request;
  context: AppLoadContext;
  user: SessionUser;
  form: FormData;
}

/** After a change: 303 back to the tab with the notice's key (a reload does not post again). */
export const done = (tab: ProfileTab, notice: ProfileNotice) => redirect(tabUrl(tab, { [NOTICE_PARAM]: notice }), 303);

/** A thrown refusal as the form's answer; an unexpected failure (database down…) logged without values, a 500 with `generic`. */
export function refuseProfileChange(
  error: unknown,
  { context, generic, refusal }: { context: AppLoadContext; generic: string; refusal: FailureContext },
) {
  return refuseThrown(error, { ...refusal, fallback: generic, log: "profile action failed", requestId: context.requestId });
}
