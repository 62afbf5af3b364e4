import { Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cupones";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import {
  couponFormInput,
  couponFormSchema,
  createCoupon,
  deleteCoupon,
  listCoupons,
  postedCouponValues,
  setCouponActive,
  type CouponList as CouponListData,
} from "#server/coupons/index.ts";
import { logError } from "#server/http/error-log.ts";
import { COUPON_ADMIN_MESSAGES as M, EMPTY_COUPON_FORM, couponNoticeText, couponsHref } from "#domain/coupons.ts";
import { NOTICE_PARAM, failureFor, failureOf } from "#domain/form-failure.ts";
import { isId } from "#domain/ids.ts";
import { formInput, parseForm, refuse, tryReadForm, refuseThrown } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { CouponForm } from "#app/components/admin/CouponForm.tsx";
import { CouponList } from "#app/components/admin/CouponList.tsx";
import couponStylesHref from "#app/styles/admin-coupons.css?url";

/**
 * `/admin/cupones` (docs/requirements.md#coupons): the list of coupons as cards, the create form
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
    notice: couponNoticeText(url.searchParams.get(NOTICE_PARAM)),
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
type CardIntent = Exclude<Intent, "create">;

const FAILED: Record<Intent, string> = {
  create: M.createFailed,
  activate: M.updateFailed,
  deactivate: M.updateFailed,
  delete: M.deleteFailed,
};
const DONE = { activate: "activado", deactivate: "desactivado", delete: "eliminado" } as const;

/** A card's button: the coupon it is about (FormData.get: a second id never widens the change). */
const cardSchema = z.object({ couponId: z.string().refine(isId) });

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || !INTENTS.includes(intent as Intent)) return refuse(failureOf(M.invalidRequest));
  return intent === "create" ? createAction(context, form) : cardAction(context, form, intent as CardIntent);
}

async function createAction(context: Route.ActionArgs["context"], form: FormData) {
  const failure = { intent: "create", values: postedCouponValues(form) };
  const parsed = parseForm(couponFormSchema, couponFormInput(form), failure);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    await createCoupon(context.db, parsed.value);
  } catch (error) {
    return refuseThrown(error, { ...failure, fallback: FAILED.create, log: "coupon create failed", requestId: context.requestId });
  }
  return redirect(couponsHref({ aviso: "creado" }), 303);
}

/** Activate, deactivate, delete: a malformed id is 400, one that names no coupon 404; the message is the screen's. */
async function cardAction(context: Route.ActionArgs["context"], form: FormData, intent: CardIntent) {
  const parsed = parseForm(cardSchema, formInput(cardSchema, form), { intent });
  if (!parsed.ok) return refuse(failureOf(FAILED[intent], { intent }));
  const id = parsed.value.couponId;
  try {
    if (intent === "delete") await deleteCoupon(context.db, id);
    else await setCouponActive(context.db, id, intent === "activate");
  } catch (error) {
    return refuseThrown(error, { intent, fallback: FAILED[intent], log: "coupon action failed", requestId: context.requestId });
  }
  return redirect(couponsHref({ aviso: DONE[intent] }), 303);
}

export default function CouponsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, total, loadError, notice, creating, deletingId, now } = loaderData;
  // A new location (each submission's answer) starts the form afresh from the values given.
  const location = useLocation();
  const refused = failureFor(actionData);
  const createRefused = failureFor(actionData, "create");
  // A card's refusal (or a request that is no form): its message once, for the whole screen.
  const screenError = refused && !createRefused ? refused.formError : null;
  const formOpen = creating || createRefused !== undefined;
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
      {screenError ? (
        <p className="form-error coupons-alert" role="alert">
          {screenError}
        </p>
      ) : null}
      {formOpen ? (
        <CouponForm key={location.key} values={{ ...EMPTY_COUPON_FORM, ...createRefused?.values }} failure={createRefused} />
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
