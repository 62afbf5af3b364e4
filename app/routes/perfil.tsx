/**
 * 'Mi Perfil' (docs/requirements.md#accounts-and-sessions): five tabs (`?tab=`), each a view in
 * app/components/profile/, and one action per form beside it; this route loads
 * the tab shown and sends each post to its form's action by `intent`.
 */
import type { Route } from "./+types/perfil";
import { requireUser } from "#server/accounts/auth.server.ts";
import { listAddresses } from "#server/accounts/addresses.server.ts";
import { isProfileIntent, type ProfileIntent } from "#server/accounts/profile-forms.ts";
import { getProfile } from "#server/accounts/profile.server.ts";
import { loyaltySummary } from "#server/loyalty/points.server.ts";
import { listWishlist } from "#server/wishlist/index.ts";
import { MAX_ADDRESSES_PER_USER } from "#domain/forms.ts";
import { failureFor, failureOf, NOTICE_PARAM, type FormFailure } from "#domain/form-failure.ts";
import { PROFILE_MESSAGES, noticeText } from "#domain/messages.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { FormError } from "#app/components/forms.tsx";
import { LinkTabs } from "#app/components/LinkTabs.tsx";
import { Addresses } from "#app/components/profile/Addresses.tsx";
import {
  addAddressAction,
  deleteAddressAction,
  setDefaultAddressAction,
  updateAddressAction,
} from "#app/components/profile/addresses.server.ts";
import { ChangePassword } from "#app/components/profile/ChangePassword.tsx";
import { changePasswordAction } from "#app/components/profile/change-password.server.ts";
import { PersonalInfo } from "#app/components/profile/PersonalInfo.tsx";
import { updateProfileAction } from "#app/components/profile/personal-info.server.ts";
import { Points } from "#app/components/profile/Points.tsx";
import { Wishlist } from "#app/components/profile/Wishlist.tsx";
import type { ProfileActionArgs } from "#app/components/profile/profile-action.server.ts";
import { PROFILE_LINK_TABS, tabOf } from "#app/components/profile/tabs.ts";
import pageStylesHref from "#app/styles/profile.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const profile = tab === "informacion" ? await getProfile(context.db, user.id) : null;
  const addresses = tab === "direcciones" ? await listAddresses(context.db, user.id) : [];
  const points = tab === "puntos" ? await loyaltySummary(context.db, user.id) : null;
  const wishlist = tab === "lista-de-deseos" ? await listWishlist(context.db, user.id) : [];
  // Only ids of this user's own addresses open the inline edit or the delete question.
  const ownId = (name: string) => addresses.find((a) => a._id === url.searchParams.get(name))?._id ?? null;
  return {
    tab,
    notice: noticeText(url.searchParams.get(NOTICE_PARAM)),
    profile,
    addresses,
    editingId: ownId("editar"),
    deletingId: ownId("eliminar"),
    // Set when the cap is reached: the add form gives way to this message.
    addressCapMessage: addresses.length >= MAX_ADDRESSES_PER_USER ? PROFILE_MESSAGES.tooManyAddresses : null,
    points,
    wishlist,
  };
}

/** Personal data: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

/** Each form's action, beside its view in app/components/profile/. */
const INTENT_ACTIONS: Record<ProfileIntent, (args: ProfileActionArgs) => ReturnType<typeof updateProfileAction>> = {
  "update-profile": updateProfileAction,
  "change-password": changePasswordAction,
  "add-address": addAddressAction,
  "update-address": updateAddressAction,
  "set-default-address": setDefaultAddressAction,
  "delete-address": deleteAddressAction,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || !isProfileIntent(intent)) return refuse(failureOf(PROFILE_MESSAGES.invalidRequest));
  return INTENT_ACTIONS[intent]({ request, context, user, form });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi Perfil",
    description: "Tu información personal, contraseña, direcciones, puntos y lista de deseos.",
    path: "/perfil",
    origin: originFrom(matches),
    noindex: true,
  });

/** Whether the refused form is on screen (its tab, and for an edit its open card), where it shows its own messages. */
function shownInPlace(failure: FormFailure, data: Route.ComponentProps["loaderData"]): boolean {
  switch (failure.intent) {
    case "update-profile":
      return data.tab === "informacion";
    case "change-password":
      return data.tab === "contrasena";
    case "add-address":
      return data.tab === "direcciones" && !data.addressCapMessage;
    case "update-address":
      return data.tab === "direcciones" && failure.values.addressId !== undefined && failure.values.addressId === data.editingId;
    default:
      return false;
  }
}

/** A refusal of a form not on screen (set default, delete, a vanished address): its messages, once, above the panel. */
const messageOf = (failure: FormFailure) => failure.formError ?? Object.values(failure.fieldErrors).flat().join(" ");

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, notice } = loaderData;
  const failed = failureFor(actionData);
  const inPlace = failed && shownInPlace(failed, loaderData) ? failed : undefined;
  return (
    <div className="page-narrow">
      <h1>Mi Perfil</h1>
      <LinkTabs label="Secciones de mi perfil" tabs={PROFILE_LINK_TABS} current={tab} />
      <div role="status" className="profile-status">
        {notice && !failed ? <p className="form-success">{notice}</p> : null}
      </div>
      {failed && !inPlace ? <FormError message={messageOf(failed)} /> : null}
      <section className="profile-panel" aria-labelledby="perfil-panel-titulo">
        {tab === "informacion" && loaderData.profile ? <PersonalInfo profile={loaderData.profile} failure={inPlace} /> : null}
        {tab === "contrasena" ? <ChangePassword failure={inPlace} /> : null}
        {tab === "direcciones" ? (
          <Addresses
            addresses={loaderData.addresses}
            editingId={loaderData.editingId}
            deletingId={loaderData.deletingId}
            capMessage={loaderData.addressCapMessage}
            failure={inPlace}
          />
        ) : null}
        {tab === "puntos" && loaderData.points ? <Points points={loaderData.points} /> : null}
        {tab === "lista-de-deseos" ? <Wishlist entries={loaderData.wishlist} /> : null}
      </section>
    </div>
  );
}
