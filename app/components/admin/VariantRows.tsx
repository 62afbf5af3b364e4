/**
 * The product form's 'Variantes' section (docs/requirements.md#admin-area): one row per variant
 * (condition, language, price, sale price, stock), posted as `variants.{i}.{field}` with the
 * variant's id hidden. A single offers the five conditions, a sealed product or an accessory only
 * 'Nuevo'. Without JavaScript 'Agregar variante' and each row's 'Quitar' are submit buttons
 * (`intent=add-variant`, `intent=remove-variant-{i}`): the server answers the form again with
 * what was typed; with JavaScript they add and take out rows here. The last row can't be taken out.
 */
import { useState } from "react";
import { DEFAULT_CATEGORY } from "#domain/catalog.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import {
  ADD_VARIANT_INTENT,
  EMPTY_VARIANT_ROW,
  MAX_PRODUCT_VARIANTS,
  removeVariantIntent,
  variantFieldName,
  type VariantFormValues,
} from "#domain/product-form.ts";
import { CONDITION_LABELS, LANGUAGES, LANGUAGE_LABELS, NEW_CONDITION, SINGLE_CONDITIONS, type Condition } from "#domain/variants.ts";
import { ErrorList, Field, SelectField, errorId, hintId } from "#app/components/forms.tsx";

type Errors = FormFailure["fieldErrors"];

/** The conditions a category's variants take, as the select lists them ('NM · Casi nueva'). */
function conditionChoices(category: string): Condition[] {
  return category === DEFAULT_CATEGORY ? [...SINGLE_CONDITIONS] : [NEW_CONDITION];
}

const conditionText = (c: Condition) => (c === NEW_CONDITION ? CONDITION_LABELS[c] : `${c} · ${CONDITION_LABELS[c]}`);

/** A row with its React key (rows added and taken out keep the others' typed values). */
interface KeyedRow {
  key: number;
  values: VariantFormValues;
}

export function VariantRows({
  initial,
  category,
  errors,
  hydrated,
}: {
  initial: VariantFormValues[];
  /** The category chosen in the form (with JavaScript, as it changes). */
  category: string;
  errors: Errors;
  hydrated: boolean;
}) {
  const [rows, setRows] = useState<KeyedRow[]>(() => initial.map((values, key) => ({ key, values })));
  const [nextKey, setNextKey] = useState(initial.length);
  const [note, setNote] = useState("");
  const choices = conditionChoices(category || DEFAULT_CATEGORY);
  const sectionId = "producto-variantes";
  const sectionErrors = errors.variants;

  const add = () => {
    setRows((r) => [...r, { key: nextKey, values: EMPTY_VARIANT_ROW }]);
    setNextKey((k) => k + 1);
    setNote(`Se agregó la variante ${rows.length + 1}.`);
  };
  const remove = (index: number) => {
    setRows((r) => r.filter((_, i) => i !== index));
    setNote(`Se quitó la variante ${index + 1}.`);
  };

  return (
    <fieldset
      className="product-form-variants"
      aria-describedby={[hintId(sectionId), sectionErrors?.length ? errorId(sectionId) : ""].filter(Boolean).join(" ")}
    >
      <legend>Variantes</legend>
      <p id={hintId(sectionId)} className="field-hint">
        Cada variante es una condición y un idioma, con su propio precio e inventario. El precio de oferta, si lo hay, debe ser menor al
        precio normal.
        {choices.length === 1 ? " Los productos sellados y los accesorios solo tienen la condición Nuevo." : ""}
      </p>
      <ErrorList id={errorId(sectionId)} errors={sectionErrors} />
      <ol className="product-form-variant-rows">
        {rows.map((row, index) => {
          const number = index + 1;
          const id = (field: string) => `producto-variante-${number}-${field}`;
          const name = (field: keyof VariantFormValues) => variantFieldName(index, field);
          const err = (field: keyof VariantFormValues) => errors[variantFieldName(index, field)];
          return (
            <li key={row.key}>
              <fieldset className="product-form-variant">
                <legend>{`Variante ${number}`}</legend>
                <input type="hidden" name={name("id")} value={row.values.id} />
                <div className="field-row">
                  <SelectField
                    label="Condición"
                    errors={err("condition")}
                    selectProps={{
                      id: id("condition"),
                      name: name("condition"),
                      // A condition the category does not take shows its first one.
                      defaultValue: (choices as string[]).includes(row.values.condition) ? row.values.condition : choices[0],
                    }}
                  >
                    {choices.map((c) => (
                      <option key={c} value={c}>
                        {conditionText(c)}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label="Idioma"
                    errors={err("language")}
                    selectProps={{
                      id: id("language"),
                      name: name("language"),
                      defaultValue: (LANGUAGES as readonly string[]).includes(row.values.language) ? row.values.language : "en",
                    }}
                  >
                    {LANGUAGES.map((l) => (
                      <option key={l} value={l}>
                        {LANGUAGE_LABELS[l]}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <div className="field-row field-row-3">
                  <Field
                    label="Precio (MXN)"
                    errors={err("price")}
                    inputProps={{
                      id: id("price"),
                      name: name("price"),
                      type: "number",
                      inputMode: "decimal",
                      required: true,
                      min: 0,
                      step: 0.01,
                      defaultValue: row.values.price,
                    }}
                  />
                  <Field
                    label="Precio de oferta (MXN, opcional)"
                    errors={err("salePrice")}
                    inputProps={{
                      id: id("salePrice"),
                      name: name("salePrice"),
                      type: "number",
                      inputMode: "decimal",
                      min: 0,
                      step: 0.01,
                      defaultValue: row.values.salePrice,
                    }}
                  />
                  <Field
                    label="Inventario (unidades)"
                    errors={err("stock")}
                    inputProps={{
                      id: id("stock"),
                      name: name("stock"),
                      type: "number",
                      inputMode: "numeric",
                      required: true,
                      min: 0,
                      step: 1,
                      defaultValue: row.values.stock,
                    }}
                  />
                </div>
                {rows.length > 1 ? (
                  hydrated ? (
                    <button type="button" className="button button-danger-quiet" onClick={() => remove(index)}>
                      {`Quitar variante ${number}`}
                    </button>
                  ) : (
                    <button
                      type="submit"
                      name="intent"
                      value={removeVariantIntent(index)}
                      className="button button-danger-quiet"
                      formNoValidate
                    >
                      {`Quitar variante ${number}`}
                    </button>
                  )
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <>
          <button type="button" className="button" onClick={add} disabled={rows.length >= MAX_PRODUCT_VARIANTS}>
            Agregar variante
          </button>
          <p role="status" className="field-hint">
            {note}
          </p>
        </>
      ) : (
        <button
          type="submit"
          name="intent"
          value={ADD_VARIANT_INTENT}
          className="button"
          formNoValidate
          disabled={rows.length >= MAX_PRODUCT_VARIANTS}
        >
          Agregar variante
        </button>
      )}
    </fieldset>
  );
}
