/**
 * The add and edit product form (docs/requirements.md#admin-area, docs/requirements.md#data-model):
 * every field of a product, its variants (VariantRows.tsx), the image URL rows with a preview each,
 * and a picker that takes an image from the gallery. A plain POST form: without JavaScript it shows five image rows (blanks
 * ignored) and the gallery is a select whose choice the server adds to the images; with
 * JavaScript rows are added and removed, and a gallery image goes into the first empty row.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CARD_TYPES, CATEGORIES, DEFAULT_CATEGORY, EXPANSIONS, MAX_PRODUCT_IMAGES, RARITIES } from "#domain/catalog.ts";
import { PRODUCT_LIMITS } from "#domain/forms.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import type { ProductFormValues } from "#domain/product-form.ts";
import { isOwnMedia } from "#app/components/ProductImage.tsx";
import { ErrorList, Field, FormError, SelectField, TextareaField, errorId, hintId } from "#app/components/forms.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { addImageRow, initialImageRows, insertImage, removeImageRow, setImageRow } from "./image-rows";
import { VariantRows } from "./VariantRows";

export interface GalleryChoice {
  id: string;
  originalName: string;
  path: string;
}

type Errors = FormFailure["fieldErrors"];

/** What a preview may load: the shop's own paths (at a thumbnail width) and https addresses. */
function previewSrc(url: string): string | null {
  const value = url.trim();
  if (value.startsWith("/") && !value.startsWith("//"))
    return isOwnMedia(value) ? `${value}${value.includes("?") ? "&" : "?"}w=240` : value;
  return /^https:\/\/\S+$/.test(value) ? value : null;
}

/** The preview of one image row: the picture, or a placeholder when there is none or it fails to load. */
function ImagePreview({ url, number }: { url: string; number: number }) {
  const src = previewSrc(url);
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before JavaScript ran fired its error event unheard.
  useEffect(() => {
    const img = ref.current;
    if (src && img && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || failed === src) {
    return (
      <div className="image-placeholder product-form-preview" role="img" aria-label={`Imagen ${number}: sin vista previa`}>
        <span aria-hidden="true">Sin vista previa</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      className="product-form-preview"
      src={src}
      alt={`Vista previa de la imagen ${number}`}
      width={100}
      height={140}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}

/** The image rows with JavaScript (image-rows.ts). */
function useImageRows(initial: string[]) {
  const [state, setState] = useState(() => initialImageRows(initial));
  return {
    rows: state.rows,
    count: state.count,
    set: (index: number, value: string) => setState((s) => setImageRow(s, index, value)),
    add: () => setState(addImageRow),
    remove: (index: number) => setState((s) => removeImageRow(s, index)),
    /** False when all five rows are taken. */
    insert(path: string): boolean {
      const next = insertImage(state, path);
      if (next) setState(next);
      return next !== null;
    },
  };
}

export function ProductForm({
  mode,
  values,
  failure,
  gallery,
}: {
  mode: "new" | "edit";
  values: ProductFormValues;
  /** The refused save's messages (its values are already in `values`). */
  failure: FormFailure | undefined;
  gallery: GalleryChoice[];
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [category, setCategory] = useState(values.category || DEFAULT_CATEGORY);
  const single = category === DEFAULT_CATEGORY;
  const images = useImageRows(values.images);
  const [galleryNote, setGalleryNote] = useState("");
  const shown = hydrated ? images.count : MAX_PRODUCT_IMAGES;
  const errors: Errors = failure?.fieldErrors ?? {};
  const imagesId = "producto-images";
  const imagesErrors = errors.images;
  const formMessage = failure?.formError ?? (Object.keys(errors).length > 0 ? ADMIN_MESSAGES.checkFields : null);

  return (
    <Form method="post" className="product-form" aria-labelledby="producto-titulo">
      {/* The form's default button (Enter in a field saves): first in the form, before the variant rows' buttons. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Guardar
      </button>

      <Field
        label="Nombre"
        errors={errors.name}
        inputProps={{
          id: "producto-name",
          name: "name",
          type: "text",
          required: true,
          maxLength: PRODUCT_LIMITS.name,
          defaultValue: values.name,
        }}
      />

      <TextareaField
        label="Descripción (opcional)"
        errors={errors.description}
        textareaProps={{
          id: "producto-description",
          name: "description",
          rows: 4,
          maxLength: PRODUCT_LIMITS.description,
          defaultValue: values.description,
        }}
      />

      <SelectField
        label="Categoría"
        errors={errors.category}
        selectProps={{
          id: "producto-category",
          name: "category",
          required: true,
          defaultValue: values.category || DEFAULT_CATEGORY,
          onChange: (event) => setCategory(event.target.value),
        }}
      >
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>

      {/* A single's rarity and type; with JavaScript they go away for a sealed product or an accessory (without it the server ignores them). */}
      {single || !hydrated ? (
        <div className="field-row">
          <Choice
            label="Rareza"
            field="rarity"
            options={RARITIES}
            values={values}
            errors={errors}
            hint={single ? undefined : SINGLES_ONLY}
          />
          <Choice label="Tipo" field="type" options={CARD_TYPES} values={values} errors={errors} hint={single ? undefined : SINGLES_ONLY} />
        </div>
      ) : null}
      <Choice label="Expansión" field="expansion" options={EXPANSIONS} values={values} errors={errors} />

      <div className="field-row">
        <Field
          label="Número de carta (opcional)"
          errors={errors.cardNumber}
          inputProps={{
            id: "producto-cardNumber",
            name: "cardNumber",
            type: "text",
            maxLength: PRODUCT_LIMITS.cardNumber,
            placeholder: "004/102",
            defaultValue: values.cardNumber,
          }}
        />
        <Field
          label="Artista (opcional)"
          errors={errors.artist}
          inputProps={{
            id: "producto-artist",
            name: "artist",
            type: "text",
            maxLength: PRODUCT_LIMITS.artist,
            defaultValue: values.artist,
          }}
        />
      </div>

      <TextareaField
        label="Comentario del vendedor (opcional)"
        errors={errors.comment}
        textareaProps={{
          id: "producto-comment",
          name: "comment",
          rows: 3,
          maxLength: PRODUCT_LIMITS.comment,
          defaultValue: values.comment,
        }}
      />

      <VariantRows initial={values.variants} category={category} errors={errors} hydrated={hydrated} />

      <fieldset
        className="product-form-images"
        aria-describedby={[hintId(imagesId), imagesErrors?.length ? errorId(imagesId) : ""].filter(Boolean).join(" ")}
      >
        <legend>Imágenes</legend>
        <p id={hintId(imagesId)} className="field-hint">
          De 1 a {MAX_PRODUCT_IMAGES} imágenes: direcciones https:// o rutas de la tienda (/media/…).
          {hydrated ? null : " Deja en blanco las que no uses."}
        </p>
        <ErrorList id={errorId(imagesId)} errors={imagesErrors} />
        <ol className="product-form-image-rows">
          {images.rows.slice(0, shown).map((url, index) => (
            <li key={index} className="product-form-image-row">
              <ImagePreview url={url} number={index + 1} />
              {/* Each image's own messages next to it; the list's (how many) are the fieldset's. */}
              <Field
                label={`Imagen ${index + 1} (URL)`}
                errors={errors[`images.${index}`]}
                inputProps={{
                  id: `producto-imagen-${index + 1}`,
                  name: "images",
                  type: "text",
                  inputMode: "url",
                  maxLength: PRODUCT_LIMITS.imageUrl,
                  value: url,
                  onChange: (event) => images.set(index, event.target.value),
                  "aria-describedby": imagesErrors?.length ? errorId(imagesId) : undefined,
                }}
              />
              {hydrated && images.count > 1 ? (
                <button
                  type="button"
                  className="button button-danger-quiet"
                  aria-label={`Quitar imagen ${index + 1}`}
                  onClick={() => images.remove(index)}
                >
                  Quitar
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {hydrated ? (
          <button type="button" className="button" onClick={images.add} disabled={images.count >= MAX_PRODUCT_IMAGES}>
            Agregar imagen
          </button>
        ) : null}

        <GalleryPicker
          gallery={gallery}
          hydrated={hydrated}
          note={galleryNote}
          onPick={(image) =>
            setGalleryNote(
              images.insert(image.path)
                ? `Se agregó ${image.originalName} a las imágenes.`
                : `Ya hay ${MAX_PRODUCT_IMAGES} imágenes: quita una para agregar otra.`,
            )
          }
        />
      </fieldset>

      <FormError message={formMessage} />
      <div className="product-form-actions">
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={busy}>
          {busy ? "Procesando..." : mode === "new" ? "Agregar Producto" : "Actualizar Producto"}
        </button>
        <Link to="/admin?tab=productos" className="button">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

/** The hint of rarity and type when the product is not a single (without JavaScript they stay on the page). */
const SINGLES_ONLY = "Solo para cartas individuales: un producto sellado o un accesorio no lleva.";

function Choice({
  label,
  field,
  options,
  values,
  errors,
  hint,
}: {
  label: string;
  field: "rarity" | "type" | "expansion";
  options: readonly string[];
  values: ProductFormValues;
  errors: Errors;
  hint?: string;
}) {
  // A value outside the list (a hostile post) is shown as not chosen.
  const value = options.includes(values[field]) ? values[field] : "";
  return (
    <SelectField
      label={label}
      hint={hint}
      errors={errors[field]}
      // Rarity and type are a single's only: the server says when they are missing.
      selectProps={{ id: `producto-${field}`, name: field, required: field === "expansion", defaultValue: value }}
    >
      <option value="">Selecciona…</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Images from the gallery. Without JavaScript a select (its choice is added to the images when the
 * form is saved); with it, thumbnails whose button puts the image into the first empty row.
 */
function GalleryPicker({
  gallery,
  hydrated,
  note,
  onPick,
}: {
  gallery: GalleryChoice[];
  hydrated: boolean;
  note: string;
  onPick: (image: GalleryChoice) => void;
}) {
  return (
    <section className="product-form-gallery" aria-labelledby="producto-galeria-titulo">
      <h2 id="producto-galeria-titulo">Agregar desde la galería</h2>
      {gallery.length === 0 ? (
        <p className="field-hint">
          La galería está vacía. <Link to="/admin/galeria">Sube imágenes a la galería</Link>.
        </p>
      ) : hydrated ? (
        <>
          <ul className="product-form-gallery-grid">
            {gallery.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  className="product-form-gallery-choice"
                  onClick={() => onPick(image)}
                  aria-label={`Usar ${image.originalName}`}
                >
                  <img src={`${image.path}?w=240`} alt="" width={80} height={112} loading="lazy" decoding="async" />
                  <span className="product-form-gallery-name">{image.originalName}</span>
                </button>
              </li>
            ))}
          </ul>
          <p role="status" className="field-hint">
            {note}
          </p>
        </>
      ) : (
        <SelectField
          label="Imagen de la galería (se agrega al guardar)"
          selectProps={{ id: "producto-galeria", name: "galleryImage", defaultValue: "" }}
        >
          <option value="">Ninguna</option>
          {gallery.map((image) => (
            <option key={image.id} value={image.path}>
              {image.originalName}
            </option>
          ))}
        </SelectField>
      )}
    </section>
  );
}
