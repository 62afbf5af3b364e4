/**
 * A Mexican shipping address's fields, the same in the checkout and in the
 * profile: street, colonia, city, state, zip code, the fixed country and
 * references, with the limits the server's schema applies (domain/forms.ts).
 * Ids are `{idPrefix}-calle`, `-colonia`, `-ciudad`, `-estado`, `-cp`, `-pais`, `-referencias`.
 */
import { ADDRESS_LIMITS } from "#domain/forms.ts";
import type { FieldErrors } from "#domain/form-failure.ts";
import { MEXICAN_STATES } from "#domain/mexican-states.ts";
import { Field, SelectField, TextareaField } from "#app/components/forms.tsx";

export const ADDRESS_FIELD_NAMES = ["street", "colonia", "city", "state", "zipCode", "references"] as const;

export function AddressFields({
  idPrefix,
  values,
  errors,
  required = true,
  autoFocusField = null,
}: {
  idPrefix: string;
  /** The values to show (a refused post's, or the saved address's). */
  values: Partial<Record<string, string | null>>;
  errors: FieldErrors;
  /** False where the fields may be left empty (the checkout without JavaScript, when a saved address is chosen). */
  required?: boolean;
  /** The field to focus (the first one at fault after a refused post). */
  autoFocusField?: string | null;
}) {
  const id = (suffix: string) => `${idPrefix}-${suffix}`;
  const value = (name: string) => values[name] ?? "";
  const common = (name: (typeof ADDRESS_FIELD_NAMES)[number]) => ({ name, defaultValue: value(name), autoFocus: autoFocusField === name });
  return (
    <>
      <Field
        label="Calle y número"
        errors={errors.street}
        inputProps={{
          id: id("calle"),
          type: "text",
          required,
          maxLength: ADDRESS_LIMITS.street,
          autoComplete: "address-line1",
          ...common("street"),
        }}
      />
      <Field
        label="Colonia (opcional)"
        errors={errors.colonia}
        inputProps={{
          id: id("colonia"),
          type: "text",
          maxLength: ADDRESS_LIMITS.colonia,
          autoComplete: "address-line2",
          ...common("colonia"),
        }}
      />
      <div className="field-row">
        <Field
          label="Ciudad"
          errors={errors.city}
          inputProps={{
            id: id("ciudad"),
            type: "text",
            required,
            maxLength: ADDRESS_LIMITS.city,
            autoComplete: "address-level2",
            ...common("city"),
          }}
        />
        <SelectField
          label="Estado"
          errors={errors.state}
          selectProps={{ id: id("estado"), required, autoComplete: "address-level1", ...common("state") }}
        >
          <option value="">Selecciona un estado</option>
          {MEXICAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="field-row">
        <Field
          label="Código postal"
          errors={errors.zipCode}
          inputProps={{
            id: id("cp"),
            type: "text",
            inputMode: "numeric",
            required,
            pattern: "\\d{5}",
            maxLength: 5,
            autoComplete: "postal-code",
            ...common("zipCode"),
          }}
        />
        <Field label="País" inputProps={{ id: id("pais"), type: "text", value: "México", readOnly: true }} />
      </div>
      <TextareaField
        label="Referencias (opcional)"
        errors={errors.references}
        textareaProps={{ id: id("referencias"), rows: 2, maxLength: ADDRESS_LIMITS.references, ...common("references") }}
      />
    </>
  );
}
