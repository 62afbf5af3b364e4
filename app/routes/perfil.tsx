import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/perfil";
import { requireUser } from "#server/accounts/auth.server.ts";
import { addressLines } from "#domain/address.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
  type SavedAddress,
} from "#server/accounts/addresses.server.ts";
import {
  addressIdSchema,
  addressSchema,
  firstProblem,
  isProfileIntent,
  passwordChangeSchema,
  profileChangeSchema,
  profileSchema,
  type ProfileIntent,
} from "#server/accounts/profile-forms.ts";
import { ADDRESS_LIMITS, MAX_ADDRESSES_PER_USER } from "#domain/forms.ts";
import { PROFILE_MESSAGES, noticeText, type ProfileNotice } from "#domain/messages.ts";
import { ProfileError, changePassword, getProfile, updateProfile } from "#server/accounts/profile.server.ts";
import { logError } from "#server/http/error-log.ts";
import { readSessionId } from "#server/accounts/sessions.server.ts";
import { loyaltySummary } from "#server/loyalty/points.server.ts";
import { enteredValues, formInput, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { formatDate, formatPoints } from "#domain/format.ts";
import { MEXICAN_STATES } from "#domain/mexican-states.ts";
import { POINTS_PROMPT_THRESHOLD, pointsTransactionLabel } from "#domain/loyalty.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import pageStylesHref from "#app/styles/profile.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/** The tabs are links (they work without JavaScript): `?tab=…`, unknown values fall back to the first. */
const TABS = [
  { id: "informacion", label: "Información personal" },
  { id: "contrasena", label: "Cambiar contraseña" },
  { id: "direcciones", label: "Direcciones" },
  { id: "puntos", label: "Puntos" },
] as const;

type Tab = (typeof TABS)[number]["id"];

function tabOf(value: string | null): Tab {
  return TABS.find((t) => t.id === value)?.id ?? "informacion";
}

const tabUrl = (tab: Tab, extra: Record<string, string> = {}) => `/perfil?${new URLSearchParams({ tab, ...extra })}`;

const DELETE_QUESTION = "¿Estás seguro de eliminar esta dirección?";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const profile = tab === "informacion" ? await getProfile(context.db, user.id) : null;
  const addresses = tab === "direcciones" ? await listAddresses(context.db, user.id) : [];
  const points = tab === "puntos" ? await loyaltySummary(context.db, user.id) : null;
  // Only ids of this user's own addresses open the inline edit or the delete question.
  const ownId = (name: string) => addresses.find((a) => a._id === url.searchParams.get(name))?._id ?? null;
  return {
    tab,
    notice: noticeText(url.searchParams.get("ok")),
    profile,
    addresses,
    editingId: ownId("editar"),
    deletingId: ownId("eliminar"),
    // Set when the cap is reached: the add form gives way to this message.
    addressCapMessage: addresses.length >= MAX_ADDRESSES_PER_USER ? PROFILE_MESSAGES.tooManyAddresses : null,
    points,
  };
}

/** Personal data: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

/** A refused form: the message, the field at fault, the entered text (never passwords), which form. */
function failure(
  intent: ProfileIntent | null,
  error: string,
  status: number,
  extra: { field?: string | null; values?: Record<string, string>; addressId?: string | null } = {},
) {
  return data({ intent, error, field: extra.field ?? null, values: extra.values ?? {}, addressId: extra.addressId ?? null }, { status });
}

/** A form whose parse failed: its first Spanish message, tied to the field. */
function refused(
  intent: ProfileIntent,
  error: Parameters<typeof firstProblem>[0],
  extra: { values?: Record<string, string>; addressId?: string | null } = {},
) {
  const { message, field } = firstProblem(error);
  return failure(intent, message, 400, { ...extra, field });
}

/** After a change: 303 back to the tab with the success key (a reload does not post again). */
const done = (tab: Tab, ok: ProfileNotice) => redirect(tabUrl(tab, { ok }), 303);

const GENERIC_ERROR: Record<ProfileIntent, string> = {
  "update-profile": PROFILE_MESSAGES.updateFailed,
  "change-password": PROFILE_MESSAGES.passwordFailed,
  "add-address": PROFILE_MESSAGES.addressAddFailed,
  "update-address": PROFILE_MESSAGES.addressUpdateFailed,
  "set-default-address": PROFILE_MESSAGES.addressUpdateFailed,
  "delete-address": PROFILE_MESSAGES.addressDeleteFailed,
};

/** One action for every profile form, switching on `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || !isProfileIntent(intent)) return failure(null, PROFILE_MESSAGES.invalidRequest, 400);
  // What was typed goes back into a refused form (passwords never do).
  const values: Record<string, string> =
    intent === "update-profile"
      ? enteredValues(form, Object.keys(profileSchema.shape))
      : intent === "add-address" || intent === "update-address"
        ? enteredValues(form, Object.keys(addressSchema.shape))
        : {};
  const addressId = addressIdSchema.safeParse(form.get("addressId"));
  const shownId = addressId.success ? addressId.data : null;
  try {
    switch (intent) {
      case "update-profile": {
        const parsed = profileChangeSchema.safeParse(formInput(profileChangeSchema, form));
        if (!parsed.success) return refused(intent, parsed.error, { values });
        await updateProfile(context.db, user.id, parsed.data, { rateLimitFactor: context.config.RATE_LIMIT_FACTOR });
        return done("informacion", "profile-updated");
      }
      case "change-password": {
        const parsed = passwordChangeSchema.safeParse(formInput(passwordChangeSchema, form));
        if (!parsed.success) return refused(intent, parsed.error);
        const sessionId = await readSessionId(request, context.config);
        await changePassword(context.db, user.id, parsed.data, sessionId, { rateLimitFactor: context.config.RATE_LIMIT_FACTOR });
        return done("contrasena", "password-changed");
      }
      case "add-address": {
        const parsed = addressSchema.safeParse(formInput(addressSchema, form));
        if (!parsed.success) return refused(intent, parsed.error, { values });
        await addAddress(context.db, user.id, parsed.data);
        return done("direcciones", "address-added");
      }
      case "update-address": {
        if (!addressId.success) return failure(intent, GENERIC_ERROR[intent], 404);
        const parsed = addressSchema.safeParse(formInput(addressSchema, form));
        if (!parsed.success) return refused(intent, parsed.error, { values, addressId: shownId });
        await updateAddress(context.db, user.id, addressId.data, parsed.data);
        return done("direcciones", "address-updated");
      }
      case "set-default-address": {
        if (!addressId.success) return failure(intent, GENERIC_ERROR[intent], 404);
        await setDefaultAddress(context.db, user.id, addressId.data);
        return done("direcciones", "default-address");
      }
      case "delete-address": {
        if (!addressId.success) return failure(intent, GENERIC_ERROR[intent], 404);
        await deleteAddress(context.db, user.id, addressId.data);
        return done("direcciones", "address-deleted");
      }
    }
  } catch (error) {
    if (error instanceof ProfileError) {
      return failure(intent, error.message, error.status, { field: error.field, values, addressId: shownId });
    }
    // Unexpected (database down…): logged without values, the spec's generic message shown in the form.
    logError("profile action failed", error, { intent, requestId: context.requestId });
    return failure(intent, GENERIC_ERROR[intent], 500, { values, addressId: shownId });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi Perfil",
    description: "Tu información personal, contraseña, direcciones y puntos.",
    path: "/perfil",
    origin: originFrom(matches),
    noindex: true,
  });

type Failure = Route.ComponentProps["actionData"];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, notice } = loaderData;
  const failed = actionData ?? undefined;
  // Errors of a form that is not on screen (set default, delete, a vanished address) show above the panel.
  const inline =
    failed &&
    ((failed.intent === "update-profile" && tab === "informacion") ||
      (failed.intent === "change-password" && tab === "contrasena") ||
      (failed.intent === "add-address" && tab === "direcciones" && !loaderData.addressCapMessage) ||
      (failed.intent === "update-address" &&
        tab === "direcciones" &&
        failed.addressId !== null &&
        failed.addressId === loaderData.editingId));
  return (
    <div className="page-narrow">
      <h1>Mi Perfil</h1>
      <nav className="profile-tabs" aria-label="Secciones de mi perfil">
        <ul>
          {TABS.map((t) => (
            <li key={t.id}>
              <Link to={tabUrl(t.id)} aria-current={t.id === tab ? "page" : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div role="status" className="profile-status">
        {notice && !failed ? <p className="form-success">{notice}</p> : null}
      </div>
      {failed && !inline ? (
        <p className="form-error profile-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      <section className="profile-panel" aria-labelledby="perfil-panel-titulo">
        {tab === "informacion" && loaderData.profile ? (
          <PersonalInfo profile={loaderData.profile} failed={inline ? failed : undefined} />
        ) : null}
        {tab === "contrasena" ? <ChangePassword failed={inline ? failed : undefined} /> : null}
        {tab === "direcciones" ? (
          <Addresses
            addresses={loaderData.addresses}
            editingId={loaderData.editingId}
            deletingId={loaderData.deletingId}
            capMessage={loaderData.addressCapMessage}
            failed={inline ? failed : undefined}
          />
        ) : null}
        {tab === "puntos" && loaderData.points ? <Points points={loaderData.points} /> : null}
      </section>
    </div>
  );
}

/** aria-invalid and aria-describedby for the field a failure names. */
function invalidProps(failed: Failure, field: string, errorId: string) {
  return failed?.field === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

function FormError({ id, failed }: { id: string; failed: Failure }) {
  return failed ? (
    <p id={id} className="form-error" role="alert">
      {failed.error}
    </p>
  ) : null;
}

function useBusy(intent: ProfileIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function PersonalInfo({ profile, failed }: { profile: { name: string; email: string; phone: string | null }; failed: Failure }) {
  const location = useLocation();
  const busy = useBusy("update-profile");
  const v = failed?.values;
  const errorId = "perfil-info-error";
  return (
    <>
      <h2 id="perfil-panel-titulo">Información personal</h2>
      <Form method="post" action={tabUrl("informacion")} className="profile-form" key={location.key}>
        <input type="hidden" name="intent" value="update-profile" />
        <div className="field">
          <label htmlFor="perfil-nombre">Nombre</label>
          <input
            id="perfil-nombre"
            name="name"
            type="text"
            required
            maxLength={100}
            autoComplete="name"
            defaultValue={v?.name ?? profile.name}
            {...invalidProps(failed, "name", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="perfil-email">Correo electrónico</label>
          <input
            id="perfil-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={v?.email ?? profile.email}
            {...invalidProps(failed, "email", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="perfil-telefono">Teléfono (opcional)</label>
          <input
            id="perfil-telefono"
            name="phone"
            type="tel"
            inputMode="numeric"
            placeholder="10 dígitos"
            maxLength={14}
            autoComplete="tel-national"
            defaultValue={v?.phone ?? profile.phone ?? ""}
            {...invalidProps(failed, "phone", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="perfil-contrasena-actual">Contraseña actual (necesaria para cambiar el correo)</label>
          <input
            id="perfil-contrasena-actual"
            name="currentPassword"
            type="password"
            maxLength={200}
            autoComplete="current-password"
            {...invalidProps(failed, "currentPassword", errorId)}
          />
        </div>
        <FormError id={errorId} failed={failed} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Guardar cambios"}
        </button>
      </Form>
    </>
  );
}

function ChangePassword({ failed }: { failed: Failure }) {
  const location = useLocation();
  const busy = useBusy("change-password");
  const errorId = "perfil-contrasena-error";
  return (
    <>
      <h2 id="perfil-panel-titulo">Cambiar contraseña</h2>
      <p className="profile-hint">Al cambiarla se cerrará tu sesión en los demás dispositivos.</p>
      <Form method="post" action={tabUrl("contrasena")} className="profile-form" key={location.key}>
        <input type="hidden" name="intent" value="change-password" />
        <div className="field">
          <label htmlFor="contrasena-actual">Contraseña actual</label>
          <input
            id="contrasena-actual"
            name="currentPassword"
            type="password"
            required
            maxLength={200}
            autoComplete="current-password"
            {...invalidProps(failed, "currentPassword", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="contrasena-nueva">Nueva contraseña</label>
          <input
            id="contrasena-nueva"
            name="newPassword"
            type="password"
            required
            minLength={6}
            maxLength={72}
            autoComplete="new-password"
            aria-describedby={failed?.field === "newPassword" ? `contrasena-nueva-ayuda ${errorId}` : "contrasena-nueva-ayuda"}
            aria-invalid={failed?.field === "newPassword" ? true : undefined}
          />
          <p id="contrasena-nueva-ayuda" className="field-hint">
            Mínimo 6 caracteres.
          </p>
        </div>
        <div className="field">
          <label htmlFor="contrasena-confirmar">Confirmar nueva contraseña</label>
          <input
            id="contrasena-confirmar"
            name="confirmPassword"
            type="password"
            required
            minLength={6}
            maxLength={72}
            autoComplete="new-password"
            {...invalidProps(failed, "confirmPassword", errorId)}
          />
        </div>
        <FormError id={errorId} failed={failed} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Cambiar contraseña"}
        </button>
      </Form>
    </>
  );
}

function addressCountText(n: number): string {
  if (n === 0) return "Aún no tienes direcciones guardadas.";
  return n === 1 ? "Tienes 1 dirección guardada" : `Tienes ${n} direcciones guardadas`;
}

function Addresses({
  addresses,
  editingId,
  deletingId,
  capMessage,
  failed,
}: {
  addresses: SavedAddress[];
  editingId: string | null;
  deletingId: string | null;
  capMessage: string | null;
  failed: Failure;
}) {
  const location = useLocation();
  const busy = useBusy("add-address");
  const addFailed = failed?.intent === "add-address" ? failed : undefined;
  return (
    <>
      <h2 id="perfil-panel-titulo">Mis direcciones</h2>
      <p className="address-count">{addressCountText(addresses.length)}</p>
      {addresses.length > 0 ? (
        <ul className="address-list">
          {addresses.map((address) => (
            <li
              key={address._id}
              id={`direccion-${address._id}`}
              className={address.isDefault ? "address-card is-default" : "address-card"}
            >
              {address._id === editingId ? (
                <EditAddress
                  address={address}
                  failed={failed?.intent === "update-address" && failed.addressId === address._id ? failed : undefined}
                />
              ) : (
                <AddressCard address={address} confirmingDelete={address._id === deletingId} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <section className="address-add" aria-labelledby="agregar-direccion-titulo">
        <h3 id="agregar-direccion-titulo">Agregar dirección</h3>
        {capMessage ? (
          <p>{capMessage}</p>
        ) : (
          <Form method="post" action={tabUrl("direcciones")} className="profile-form address-form" key={location.key}>
            <input type="hidden" name="intent" value="add-address" />
            <AddressFields prefix="nueva" values={addFailed?.values ?? {}} failed={addFailed} errorId="nueva-direccion-error" />
            {addresses.length > 0 ? (
              <div className="checkbox-field">
                <input
                  id="nueva-predeterminada"
                  name="makeDefault"
                  type="checkbox"
                  defaultChecked={addFailed?.values.makeDefault === "on"}
                />
                <label htmlFor="nueva-predeterminada">Usar como predeterminada</label>
              </div>
            ) : (
              <p className="field-hint">Tu primera dirección será la predeterminada.</p>
            )}
            <FormError id="nueva-direccion-error" failed={addFailed} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Guardando..." : "Agregar dirección"}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

function AddressFields({
  prefix,
  values,
  failed,
  errorId,
}: {
  prefix: string;
  values: Record<string, string | null>;
  failed: Failure;
  errorId: string;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  const value = (name: string) => values[name] ?? "";
  return (
    <>
      <div className="field">
        <label htmlFor={id("calle")}>Calle y número</label>
        <input
          id={id("calle")}
          name="street"
          type="text"
          required
          maxLength={ADDRESS_LIMITS.street}
          autoComplete="address-line1"
          defaultValue={value("street")}
          {...invalidProps(failed, "street", errorId)}
        />
      </div>
      <div className="field">
        <label htmlFor={id("colonia")}>Colonia (opcional)</label>
        <input
          id={id("colonia")}
          name="colonia"
          type="text"
          maxLength={ADDRESS_LIMITS.colonia}
          autoComplete="address-line2"
          defaultValue={value("colonia")}
          {...invalidProps(failed, "colonia", errorId)}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={id("ciudad")}>Ciudad</label>
          <input
            id={id("ciudad")}
            name="city"
            type="text"
            required
            maxLength={ADDRESS_LIMITS.city}
            autoComplete="address-level2"
            defaultValue={value("city")}
            {...invalidProps(failed, "city", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor={id("estado")}>Estado</label>
          <select
            id={id("estado")}
            name="state"
            required
            autoComplete="address-level1"
            defaultValue={value("state")}
            {...invalidProps(failed, "state", errorId)}
          >
            <option value="">Selecciona un estado</option>
            {MEXICAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={id("cp")}>Código postal</label>
          <input
            id={id("cp")}
            name="zipCode"
            type="text"
            inputMode="numeric"
            required
            pattern="\d{5}"
            maxLength={5}
            autoComplete="postal-code"
            defaultValue={value("zipCode")}
            {...invalidProps(failed, "zipCode", errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor={id("pais")}>País</label>
          <input id={id("pais")} type="text" value="México" readOnly />
        </div>
      </div>
      <div className="field">
        <label htmlFor={id("referencias")}>Referencias (opcional)</label>
        <textarea
          id={id("referencias")}
          name="references"
          rows={2}
          maxLength={ADDRESS_LIMITS.references}
          defaultValue={value("references")}
          {...invalidProps(failed, "references", errorId)}
        />
      </div>
    </>
  );
}

function AddressCard({ address, confirmingDelete }: { address: SavedAddress; confirmingDelete: boolean }) {
  const hydrated = useHydrated();
  const busyDefault = useBusy("set-default-address");
  const hash = `#direccion-${address._id}`;
  return (
    <>
      {address.isDefault ? <p className="badge address-default">Predeterminada</p> : null}
      <address className="address-text">
        {[...addressLines(address), address.country].map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        {address.references ? <span className="address-references">Referencias: {address.references}</span> : null}
      </address>
      {confirmingDelete ? (
        <div className="address-confirm" role="group" aria-labelledby={`confirmar-${address._id}`}>
          <p id={`confirmar-${address._id}`}>{DELETE_QUESTION}</p>
          <div className="address-actions">
            <Form method="post" action={tabUrl("direcciones")}>
              <input type="hidden" name="intent" value="delete-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button type="submit" className="button button-danger" aria-label={`Eliminar dirección ${address.street}`}>
                Eliminar
              </button>
            </Form>
            <Link to={tabUrl("direcciones") + hash} className="button">
              Cancelar
            </Link>
          </div>
        </div>
      ) : (
        <div className="address-actions">
          <Link
            to={tabUrl("direcciones", { editar: address._id }) + hash}
            className="button"
            aria-label={`Editar dirección ${address.street}`}
          >
            Editar
          </Link>
          {address.isDefault ? null : (
            <Form method="post" action={tabUrl("direcciones")}>
              <input type="hidden" name="intent" value="set-default-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button
                type="submit"
                className="button"
                disabled={busyDefault}
                aria-label={`Establecer como predeterminada la dirección ${address.street}`}
              >
                Establecer como predeterminada
              </button>
            </Form>
          )}
          {hydrated ? (
            <Form
              method="post"
              action={tabUrl("direcciones")}
              onSubmit={(event) => {
                if (!window.confirm(DELETE_QUESTION)) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button type="submit" className="button button-danger-quiet" aria-label={`Eliminar dirección ${address.street}`}>
                Eliminar
              </button>
            </Form>
          ) : (
            <Link
              to={tabUrl("direcciones", { eliminar: address._id }) + hash}
              className="button button-danger-quiet"
              aria-label={`Eliminar dirección ${address.street}`}
            >
              Eliminar
            </Link>
          )}
        </div>
      )}
    </>
  );
}

function EditAddress({ address, failed }: { address: SavedAddress; failed: Failure }) {
  const location = useLocation();
  const busy = useBusy("update-address");
  const errorId = `editar-${address._id}-error`;
  const values = failed?.values ?? {
    street: address.street,
    colonia: address.colonia,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    references: address.references,
  };
  return (
    <Form
      method="post"
      action={tabUrl("direcciones", { editar: address._id })}
      className="profile-form address-form"
      key={location.key}
      aria-labelledby={`editar-${address._id}-titulo`}
    >
      <h3 id={`editar-${address._id}-titulo`}>Editar dirección</h3>
      <input type="hidden" name="intent" value="update-address" />
      <input type="hidden" name="addressId" value={address._id} />
      <AddressFields prefix={`editar-${address._id}`} values={values} failed={failed} errorId={errorId} />
      {address.isDefault ? null : (
        <div className="checkbox-field">
          <input
            id={`editar-${address._id}-predeterminada`}
            name="makeDefault"
            type="checkbox"
            defaultChecked={failed?.values.makeDefault === "on"}
          />
          <label htmlFor={`editar-${address._id}-predeterminada`}>Usar como predeterminada</label>
        </div>
      )}
      <FormError id={errorId} failed={failed} />
      <div className="address-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Guardar dirección"}
        </button>
        <Link to={tabUrl("direcciones") + `#direccion-${address._id}`} className="button">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

function Points({ points }: { points: NonNullable<Route.ComponentProps["loaderData"]["points"]> }) {
  const signed = (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n));
  return (
    <>
      <h2 id="perfil-panel-titulo">Mis puntos</h2>
      <dl className="points-tiles">
        <div>
          <dt>Puntos disponibles</dt>
          <dd data-testid="points-balance">{formatPoints(points.balance)}</dd>
        </div>
        <div>
          <dt>Total ganado</dt>
          <dd>{formatPoints(points.totalEarned)}</dd>
        </div>
        <div>
          <dt>Total usado</dt>
          <dd>{formatPoints(points.totalSpent)}</dd>
        </div>
      </dl>
      <p className="points-explainer">
        Ganas el 1% de cada compra en puntos. Cada punto vale $1 MXN de descuento en tu siguiente compra y nunca caducan.
      </p>
      <div className="points-cta">
        {points.balance >= POINTS_PROMPT_THRESHOLD ? (
          <>
            <p>¡Tienes {formatPoints(points.balance)} puntos disponibles! Úsalos como descuento en tu próxima compra.</p>
            <Link to="/productos" className="button button-primary">
              Usar mis puntos
            </Link>
          </>
        ) : (
          <>
            <p>Sigue comprando para acumular puntos: cada compra te regresa el 1% en puntos.</p>
            <Link to="/productos" className="button button-primary">
              Seguir comprando
            </Link>
          </>
        )}
      </div>
      <h3>Últimos movimientos</h3>
      {points.transactions.length === 0 ? (
        <p className="points-empty">Aún no tienes movimientos de puntos.</p>
      ) : (
        <ol className="points-history">
          {points.transactions.map((t) => (
            <li key={t._id}>
              <span className="points-history-main">
                <span className="points-history-description">{t.description}</span>
                <span className="points-history-meta">
                  {formatDate(t.createdAt)} · {pointsTransactionLabel(t.type)}
                </span>
              </span>
              <span className={t.amount < 0 ? "points-amount is-negative" : "points-amount"}>{signed(t.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
