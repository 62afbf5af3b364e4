/**
 * A Mexican shipping address's fields, the same in the checkout and in the
 * profile, in the order Mexican forms and carriers write them: street, colonia,
 * zip code, city, state, the fixed country and references, with the limits the
 * server's schema applies (domain/forms.ts). The colonia is required where the
 * carrier needs it (the checkout), optional elsewhere.
 * Ids are `{idPrefix}-calle`, `-colonia`, `-ciudad`, `-estado`, `-cp`, `-pais`, `-referencias`.
 */
import { ADDRESS_LIMITS } from "#domain/forms.ts";
import type { FieldErrors } from "#domain/form-failure.ts";
import { MEXICAN_STATES } from "#domain/mexican-states.ts";
import { Field, SelectField, TextareaField } from "#app/components/forms.tsx";

/** In the order Mexican forms and carriers write them: the colonia after the street, the zip code before the city and the state. */
export const ADDRESS_FIELD_NAMES = ["street", "colonia", "zipCode", "city", "state", "references"] as const;

export function AddressFields({
  idPrefix,
  values,
  errors,
  required = true,
  autoFocusField = null,
  coloniaRequired = false,
  coloniaHint,
}: {
  idPrefix: string;
  /** The values to show (a refused post's, or the saved address's). */
  values: Partial<Record<string, string | null>>;
  errors: FieldErrors;
  /** False where the fields may be left empty (the checkout without JavaScript, when a saved address is chosen). */
  required?: boolean;
  /** The field to focus (the first one at fault after a refused post). */
  autoFocusField?: string | null;
  /** The colonia is required (the checkout, for a carrier that needs it); else it is optional (the profile). */
  coloniaRequired?: boolean;
  /** Why the colonia is asked for, under its field. */
  coloniaHint?: string;
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
        label={coloniaRequired ? "Colonia" : "Colonia (opcional)"}
        // The hint says why it is asked for; a refusal's message says the same, in its place.
        hint={coloniaRequired && !errors.colonia?.length ? coloniaHint : undefined}
        errors={errors.colonia}
        inputProps={{
          id: id("colonia"),
          type: "text",
          required: required && coloniaRequired,
          maxLength: ADDRESS_LIMITS.colonia,
          autoComplete: "address-level3",
          ...common("colonia"),
        }}
      />
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
      </div>
      <div className="field-row">
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
