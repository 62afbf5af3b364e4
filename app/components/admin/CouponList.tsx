/**
 * The coupon cards (docs/requirements.md#coupons): code, status badge (colour AND word), type badge,
 * discount, usage, expiry date, description and, for a coupon tied to a customer, whose it is;
 * 'Activar' / 'Desactivar' and 'Eliminar' (confirm() with JavaScript, a confirmation step
 * without: `?eliminar={id}`).
 */
import { Form, Link, useNavigation } from "react-router";
import {
  COUPON_ADMIN_MESSAGES,
  COUPON_TYPE_LABELS,
  couponDiscountText,
  couponDisplayStatus,
  couponUsage,
  couponsHref,
} from "#domain/coupons.ts";
import { formatDate } from "#domain/dates.ts";
import type { AdminCoupon } from "#server/coupons/index.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** One coupon as the screen gets it. */
export type CouponItem = Omit<AdminCoupon, "createdAt">;

const ACTION = "/admin/cupones";

export function CouponList({ coupons, now, deletingId }: { coupons: CouponItem[]; now: string; deletingId: string | null }) {
  return (
    <ul className="coupon-list" aria-label="Cupones">
      {coupons.map((coupon) => (
        <li key={coupon.id} id={`cupon-${coupon.id}`} className="coupon-card">
          <CouponCard coupon={coupon} now={now} confirmingDelete={coupon.id === deletingId} />
        </li>
      ))}
    </ul>
  );
}

function CouponCard({ coupon, now, confirmingDelete }: { coupon: CouponItem; now: string; confirmingDelete: boolean }) {
  const status = couponDisplayStatus(coupon, now);
  return (
    <>
      <div className="coupon-card-head">
        <h3 className="coupon-code">{coupon.code}</h3>
        <p className="coupon-badges">
          <span className={`coupon-badge ${status.className}`}>{status.label}</span>
          <span className="coupon-badge coupon-type">{COUPON_TYPE_LABELS[coupon.type]}</span>
        </p>
      </div>
      <p className="coupon-discount">{couponDiscountText(coupon.discountPercent)}</p>
      <dl className="coupon-facts">
        <div>
          <dt>Usos</dt>
          <dd>{couponUsage(coupon.usedCount, coupon.maxUses)}</dd>
        </div>
        <div>
          <dt>{status.label === "Expirado" ? "Expiró" : "Expira"}</dt>
          <dd>
            <time dateTime={coupon.expiresAt}>{formatDate(coupon.expiresAt)}</time>
          </dd>
        </div>
        {coupon.owner ? (
          <div>
            <dt>Solo para</dt>
            <dd className="coupon-owner">
              {coupon.owner.name} <span className="coupon-owner-email">({coupon.owner.email})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {coupon.description ? <p className="coupon-description">{coupon.description}</p> : null}
      {confirmingDelete ? (
        <div className="coupon-confirm" role="group" aria-labelledby={`confirmar-${coupon.id}`}>
          <p id={`confirmar-${coupon.id}`}>{COUPON_ADMIN_MESSAGES.confirmDelete}</p>
          <div className="coupon-actions">
            <DeleteForm coupon={coupon} confirm={false} />
            <Link to={`${ACTION}#cupon-${coupon.id}`} className="button">
              Cancelar
            </Link>
          </div>
        </div>
      ) : (
        <div className="coupon-actions">
          <ToggleForm coupon={coupon} />
          <DeleteButton coupon={coupon} />
        </div>
      )}
    </>
  );
}

/** Whether this card's form with this intent is being sent. */
function useBusy(id: string, intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("couponId") === id && navigation.formData.get("intent") === intent;
}

function ToggleForm({ coupon }: { coupon: CouponItem }) {
  const intent = coupon.isActive ? "deactivate" : "activate";
  const label = coupon.isActive ? "Desactivar" : "Activar";
  const busy = useBusy(coupon.id, intent);
  return (
    <Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="couponId" value={coupon.id} />
      <button type="submit" className="button" disabled={busy} aria-label={`${label} cupón ${coupon.code}`}>
        {label}
      </button>
    </Form>
  );
}

function DeleteButton({ coupon }: { coupon: CouponItem }) {
  const hydrated = useHydrated();
  if (hydrated) return <DeleteForm coupon={coupon} confirm />;
  return (
    <Link
      to={`${couponsHref({ eliminar: coupon.id })}#cupon-${coupon.id}`}
      className="button button-danger-quiet"
      aria-label={`Eliminar cupón ${coupon.code}`}
    >
      Eliminar
    </Link>
  );
}

function DeleteForm({ coupon, confirm }: { coupon: CouponItem; confirm: boolean }) {
  const busy = useBusy(coupon.id, "delete");
  return (
    <Form
      method="post"
      action={ACTION}
      onSubmit={(event) => {
        if (confirm && !window.confirm(COUPON_ADMIN_MESSAGES.confirmDelete)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="couponId" value={coupon.id} />
      <button
        type="submit"
        className={confirm ? "button button-danger-quiet" : "button button-danger"}
        disabled={busy}
        aria-label={`Eliminar cupón ${coupon.code}`}
      >
        {busy ? "Eliminando..." : "Eliminar"}
      </button>
    </Form>
  );
}
