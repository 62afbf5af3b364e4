/** 'Cambiar contraseña' (intent `change-password`): the other sessions end, this one stays. */
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { formInput, parseForm, refuse } from "#app/lib/form.server.ts";
import { passwordChangeSchema } from "#server/accounts/profile-forms.ts";
import { changePassword } from "#server/accounts/profile.server.ts";
import { readSessionId } from "#server/accounts/sessions.server.ts";
import { done, refuseProfileChange, type ProfileActionArgs } from "./profile-action.server";

export const CHANGE_PASSWORD = "change-password";

export async function changePasswordAction({ request, context, user, form }: ProfileActionArgs) {
  // Passwords are never sent back.
  const refusal = { intent: CHANGE_PASSWORD, values: {} };
  const parsed = parseForm(passwordChangeSchema, formInput(passwordChangeSchema, form), refusal);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    const sessionId = await readSessionId(request, context.config);
    await changePassword(context.db, user.id, parsed.value, sessionId, { rateLimitFactor: context.config.RATE_LIMIT_FACTOR });
  } catch (error) {
    return refuseProfileChange(error, { context, generic: PROFILE_MESSAGES.passwordFailed, refusal });
  }
  return done("contrasena", "password-changed");
}
