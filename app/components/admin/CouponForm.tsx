/**
 * The coupon create form (SPEC §2 "Coupon admin", §5 "Coupon create form"): code, discount
 * percent, type, days valid, max uses (only for a general coupon) and description. A plain POST
 * form: without JavaScript every field shows (the server ignores max uses for a single-use
 * coupon); with JavaScript max uses hides while the type is single-use. A refused form comes
 * back with each message next to its field and every value kept.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  COUPON_LIMITS,
  COUPON_TYPES,
  COUPON_TYPE_LABELS,
  couponsHref,
  type CouponFormErrors,
  type CouponFormValues,
} from "#domain/coupons.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { FieldError, invalidProps } from "#app/components/FieldError.tsx";

type Field = keyof CouponFormValues;

const fieldId = (field: Field) => `cupon-${field}`;
export function CouponForm({ values, errors, banner }: { values: CouponFormValues; errors: CouponFormErrors; banner: string | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [type, setType] = useState(values.type);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" action={couponsHref({ nuevo: true })} className="coupon-form" aria-labelledby="cupon-form-titulo">
      <h3 id="cupon-form-titulo">Nuevo Cupón</h3>
      <input type="hidden" name="intent" value="create" />
      {banner || hasErrors ? (
        <p className="coupon-form-banner" role="alert">
          {banner ?? "Revisa los campos marcados."}
        </p>
      ) : null}

      <div className="coupon-form-grid">
        <div className="field">
          <label htmlFor={fieldId("code")}>Código</label>
          <input
            id={fieldId("code")}
            name="code"
            type="text"
            required
            maxLength={COUPON_LIMITS.code}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            pattern="[A-Za-z0-9_\-]+"
            defaultValue={values.code}
            className="coupon-code-input"
            {...invalidProps("cupon", errors, "code", "cupon-code-hint")}
          />
          <p id="cupon-code-hint" className="field-hint">
            Hasta {COUPON_LIMITS.code} caracteres: letras, números, - y _. Se guarda en mayúsculas.
          </p>
          <FieldError form="cupon" errors={errors} field="code" />
        </div>

        <div className="field">
          <label htmlFor={fieldId("discountPercent")}>Descuento (%)</label>
          <input
            id={fieldId("discountPercent")}
            name="discountPercent"
            type="number"
            inputMode="numeric"
            required
            min={COUPON_LIMITS.minPercent}
            max={COUPON_LIMITS.maxPercent}
            step={1}
            defaultValue={values.discountPercent}
            {...invalidProps("cupon", errors, "discountPercent")}
          />
          <FieldError form="cupon" errors={errors} field="discountPercent" />
        </div>

        <div className="field">
          <label htmlFor={fieldId("type")}>Tipo</label>
          <select
            id={fieldId("type")}
            name="type"
            required
            defaultValue={values.type}
            onChange={(event) => setType(event.currentTarget.value)}
            {...invalidProps("cupon", errors, "type")}
          >
            {COUPON_TYPES.map((t) => (
              <option key={t} value={t}>
                {COUPON_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <FieldError form="cupon" errors={errors} field="type" />
        </div>

        <div className="field">
          <label htmlFor={fieldId("daysValid")}>Días de validez</label>
          <input
            id={fieldId("daysValid")}
            name="daysValid"
            type="number"
            inputMode="numeric"
            required
            min={COUPON_LIMITS.minDaysValid}
            max={COUPON_LIMITS.maxDaysValid}
            step={1}
            defaultValue={values.daysValid}
            {...invalidProps("cupon", errors, "daysValid")}
          />
          <FieldError form="cupon" errors={errors} field="daysValid" />
        </div>

        <div className="field" hidden={hydrated && type !== "general"}>
          <label htmlFor={fieldId("maxUses")}>Máximo de usos (opcional)</label>
          <input
            id={fieldId("maxUses")}
            name="maxUses"
            type="number"
            inputMode="numeric"
            min={COUPON_LIMITS.minUses}
            max={COUPON_LIMITS.maxUses}
            step={1}
            defaultValue={values.maxUses}
            {...invalidProps("cupon", errors, "maxUses", "cupon-maxUses-hint")}
          />
          <p id="cupon-maxUses-hint" className="field-hint">
            Vacío: usos ilimitados. Solo para cupones generales.
          </p>
          <FieldError form="cupon" errors={errors} field="maxUses" />
        </div>

        <div className="field coupon-form-wide">
          <label htmlFor={fieldId("description")}>Descripción (opcional)</label>
          <input
            id={fieldId("description")}
            name="description"
            type="text"
            maxLength={COUPON_LIMITS.description}
            defaultValue={values.description}
            {...invalidProps("cupon", errors, "description")}
          />
          <FieldError form="cupon" errors={errors} field="description" />
        </div>
      </div>

      <div className="coupon-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Creando..." : "Crear Cupón"}
        </button>
      </div>
    </Form>
  );
}
