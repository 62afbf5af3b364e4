/**
 * The coupon create form (docs/requirements.md#coupons): code, discount
 * percent, type, days valid, max uses (only for a general coupon) and description. A plain POST
 * form: without JavaScript every field shows (the server ignores max uses for a single-use
 * coupon); with JavaScript max uses hides while the type is single-use. A refused form comes
 * back with each message next to its field and every value kept.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { COUPON_LIMITS, COUPON_TYPES, COUPON_TYPE_LABELS, couponsHref, type CouponFormValues } from "#domain/coupons.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { Field, FormError, SelectField } from "#app/components/forms.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export function CouponForm({ values, failure }: { values: CouponFormValues; failure: FormFailure | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [type, setType] = useState(values.type);
  const errors = failure?.fieldErrors ?? {};
  const formMessage = failure?.formError ?? (Object.keys(errors).length > 0 ? ADMIN_MESSAGES.checkFields : null);
  return (
    <Form method="post" action={couponsHref({ nuevo: true })} className="coupon-form" aria-labelledby="cupon-form-titulo">
      <h3 id="cupon-form-titulo">Nuevo Cupón</h3>
      <input type="hidden" name="intent" value="create" />

      <div className="coupon-form-grid">
        <Field
          label="Código"
          hint={`Hasta ${COUPON_LIMITS.code} caracteres: letras, números, - y _. Se guarda en mayúsculas.`}
          errors={errors.code}
          inputProps={{
            id: "cupon-code",
            name: "code",
            type: "text",
            required: true,
            maxLength: COUPON_LIMITS.code,
            autoCapitalize: "characters",
            autoComplete: "off",
            spellCheck: false,
            pattern: "[A-Za-z0-9_\\-]+",
            defaultValue: values.code,
            className: "coupon-code-input",
          }}
        />

        <Field
          label="Descuento (%)"
          errors={errors.discountPercent}
          inputProps={{
            id: "cupon-discountPercent",
            name: "discountPercent",
            type: "number",
            inputMode: "numeric",
            required: true,
            min: COUPON_LIMITS.minPercent,
            max: COUPON_LIMITS.maxPercent,
            step: 1,
            defaultValue: values.discountPercent,
          }}
        />

        <SelectField
          label="Tipo"
          errors={errors.type}
          selectProps={{
            id: "cupon-type",
            name: "type",
            required: true,
            defaultValue: values.type,
            onChange: (event) => setType(event.currentTarget.value),
          }}
        >
          {COUPON_TYPES.map((t) => (
            <option key={t} value={t}>
              {COUPON_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>

        <Field
          label="Días de validez"
          errors={errors.daysValid}
          inputProps={{
            id: "cupon-daysValid",
            name: "daysValid",
            type: "number",
            inputMode: "numeric",
            required: true,
            min: COUPON_LIMITS.minDaysValid,
            max: COUPON_LIMITS.maxDaysValid,
            step: 1,
            defaultValue: values.daysValid,
          }}
        />

        {/* With JavaScript, only a general coupon shows max uses. */}
        <Field
          label="Máximo de usos (opcional)"
          hint="Vacío: usos ilimitados. Solo para cupones generales."
          errors={errors.maxUses}
          className={hydrated && type !== "general" ? "coupon-form-hidden" : undefined}
          inputProps={{
            id: "cupon-maxUses",
            name: "maxUses",
            type: "number",
            inputMode: "numeric",
            min: COUPON_LIMITS.minUses,
            max: COUPON_LIMITS.maxUses,
            step: 1,
            defaultValue: values.maxUses,
          }}
        />

        <Field
          label="Descripción (opcional)"
          errors={errors.description}
          className="coupon-form-wide"
          inputProps={{
            id: "cupon-description",
            name: "description",
            type: "text",
            maxLength: COUPON_LIMITS.description,
            defaultValue: values.description,
          }}
        />
      </div>

      <FormError message={formMessage} />
      <div className="coupon-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Creando..." : "Crear Cupón"}
        </button>
      </div>
    </Form>
  );
}
