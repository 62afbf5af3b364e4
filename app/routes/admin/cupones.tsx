import { Link, data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/cupones";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  setCouponActive,
  type CouponList as CouponListData,
} from "#server/coupons/admin.server.ts";
import { logError } from "#server/http/error-log.ts";
import {
  COUPON_ADMIN_MESSAGES as M,
  EMPTY_COUPON_FORM,
  couponNoticeText,
  couponsHref,
  type CouponFormErrors,
  type CouponFormValues,
} from "#domain/coupons.ts";
import { isId } from "#domain/ids.ts";
import { tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { CouponForm } from "#app/components/admin/CouponForm.tsx";
import { CouponList } from "#app/components/admin/CouponList.tsx";
import couponStylesHref from "#app/styles/admin-coupons.css?url";

/**
 * `/admin/cupones` (SPEC §2 "Coupon admin"): the list of coupons as cards, the create form
 * (`?nuevo=1`, a link with or without JavaScript), activate / deactivate, and delete (confirm()
 * with JavaScript, `?eliminar={id}` without). Every change is a POST answered by a redirect with
 * `?aviso=`; a refused one re-renders with its message (4xx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  let list: CouponListData = { coupons: [], total: 0 };
  let loadError: string | null = null;
  try {
    list = await listCoupons(context.db);
  } catch (error) {
    logError("coupon list failed", error, { requestId: context.requestId });
    loadError = M.loadFailed;
  }
  const deleting = url.searchParams.get("eliminar");
  return {
    ...list,
    loadError,
    notice: couponNoticeText(url.searchParams.get("aviso")),
    creating: url.searchParams.get("nuevo") === "1",
    // Only a coupon on the list opens the no-JS delete question.
    deletingId: list.coupons.find((c) => c.id === deleting)?.id ?? null,
    // One instant for the badges, on the server and in the browser alike.
    now: new Date().toISOString(),
  };
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: couponStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cupones",
    description: "Cupones de descuento de la tienda.",
    path: "/admin/cupones",
    origin: originFrom(matches),
    noindex: true,
  });

const INTENTS = ["create", "activate", "deactivate", "delete"] as const;
type Intent = (typeof INTENTS)[number];

interface Refused {
  intent: Intent | null;
  /** A message for the whole screen (toggle, delete, a request that is not a form). */
  error: string | null;
  /** The create form's messages and typed values. */
  errors: CouponFormErrors;
  values: CouponFormValues | null;
}

const refuse = (status: number, refused: Partial<Refused> & Pick<Refused, "intent">) =>
  data<Refused>({ error: null, errors: {}, values: null, ...refused }, { status });

const FAILED: Record<Intent, string> = {
  create: M.createFailed,
  activate: M.updateFailed,
  deactivate: M.updateFailed,
  delete: M.deleteFailed,
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || !INTENTS.includes(intent as Intent)) return refuse(400, { intent: null, error: M.invalidRequest });
  const chosen = intent as Intent;
  try {
    if (chosen === "create") {
      const result = await createCoupon(context.db, form);
      if (result.ok) return redirect(couponsHref({ aviso: "creado" }), 303);
      return refuse(result.status, { intent: chosen, errors: result.errors, values: result.values });
    }
    const id = form.get("couponId");
    const done = chosen === "delete" ? await deleteCoupon(context.db, id) : await setCouponActive(context.db, id, chosen === "activate");
    // A malformed id: 400; a well-formed one that names no coupon: 404. Nothing changed either way.
    if (!done) return refuse(isId(id) ? 404 : 400, { intent: chosen, error: FAILED[chosen] });
    return redirect(couponsHref({ aviso: chosen === "delete" ? "eliminado" : chosen === "activate" ? "activado" : "desactivado" }), 303);
  } catch (error) {
    logError("coupon action failed", error, { intent: chosen, requestId: context.requestId });
    return refuse(500, { intent: chosen, error: FAILED[chosen] });
  }
}

export default function CouponsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, total, loadError, notice, creating, deletingId, now } = loaderData;
  // A new location (each submission's answer) starts the form afresh from the values given.
  const location = useLocation();
  const refused = actionData ?? null;
  const createRefused = refused?.intent === "create" ? refused : null;
  const formOpen = creating || createRefused !== null;
  return (
    <section className="coupons" aria-labelledby="cupones-titulo">
      <div className="coupons-head">
        <div>
          <h2 id="cupones-titulo">Cupones de Descuento</h2>
          <p className="coupons-subtitle">Crea y administra los códigos de descuento de la tienda.</p>
        </div>
        <Link to={formOpen ? couponsHref() : couponsHref({ nuevo: true })} className="button button-primary coupons-toggle">
          {formOpen ? "Cancelar" : "Nuevo Cupón"}
        </Link>
      </div>
      <div role="status" className="coupons-status">
        {notice && !refused ? <p className="form-success">{notice}</p> : null}
      </div>
      {loadError ? (
        <p className="form-error coupons-alert" role="alert">
          {loadError}
        </p>
      ) : null}
      {refused?.error ? (
        <p className="form-error coupons-alert" role="alert">
          {refused.error}
        </p>
      ) : null}
      {formOpen ? (
        <CouponForm
          key={location.key}
          values={createRefused?.values ?? EMPTY_COUPON_FORM}
          errors={createRefused?.errors ?? {}}
          banner={null}
        />
      ) : null}
      {coupons.length === 0 ? (
        loadError ? null : (
          <div className="empty-state coupons-empty">
            <p>No hay cupones creados</p>
            {formOpen ? null : (
              <Link to={couponsHref({ nuevo: true })} className="button button-primary">
                Crear el primer cupón
              </Link>
            )}
          </div>
        )
      ) : (
        <>
          <p className="coupons-count">
            {total > coupons.length
              ? `Se muestran los ${coupons.length} cupones más recientes de ${total}.`
              : total === 1
                ? "1 cupón"
                : `${total} cupones`}
          </p>
          <CouponList coupons={coupons} now={now} deletingId={deletingId} />
        </>
      )}
    </section>
  );
}
