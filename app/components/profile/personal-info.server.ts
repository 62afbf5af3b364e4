/** 'Información personal' (intent `update-profile`): name, e-mail (with the current password) and phone. */
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { enteredValues, formInput, parseForm, refuse } from "#app/lib/form.server.ts";
import { profileChangeSchema, profileSchema } from "#server/accounts/profile-forms.ts";
import { updateProfile } from "#server/accounts/profile.server.ts";
import { done, refuseProfileChange, type ProfileActionArgs } from "./profile-action.server";

export const UPDATE_PROFILE = "update-profile";

export async function updateProfileAction({ context, user, form }: ProfileActionArgs) {
  // What was typed goes back into a refused form (the password never does).
  const refusal = { intent: UPDATE_PROFILE, values: enteredValues(form, Object.keys(profileSchema.shape)) };
  const parsed = parseForm(profileChangeSchema, formInput(profileChangeSchema, form), refusal);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    await updateProfile(context.db, user.id, parsed.value, { rateLimitFactor: context.config.RATE_LIMIT_FACTOR });
  } catch (error) {
    return refuseProfileChange(error, { context, generic: PROFILE_MESSAGES.updateFailed, refusal });
  }
  return done("informacion", "profile-updated");
}
