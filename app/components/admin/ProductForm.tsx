/**
 * The add and edit product form (SPEC §2 "Add / edit product", §3 "Product", §5 "Product form"):
 * every field of a product, the image URL rows with a preview each, and a picker that takes an
 * image from the gallery. A plain POST form: without JavaScript it shows five image rows (blanks
 * ignored) and the gallery is a select whose choice the server adds to the images; with
 * JavaScript rows are added and removed, and a gallery image goes into the first empty row.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CARD_TYPES, CATEGORIES, DEFAULT_CATEGORY, EXPANSIONS, MAX_PRODUCT_IMAGES, RARITIES } from "#domain/catalog.ts";
import { PRODUCT_LIMITS } from "#domain/forms.ts";
import type { ProductFormValues } from "#domain/product-form.ts";
import { isOwnMedia } from "#app/components/ProductImage.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { FieldError, fieldErrorId, invalidProps } from "#app/components/FieldError.tsx";
import { addImageRow, initialImageRows, insertImage, removeImageRow, setImageRow } from "./image-rows";

export interface GalleryChoice {
  id: string;
  originalName: string;
  path: string;
}

type Errors = Partial<Record<keyof ProductFormValues, string>>;

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
  errors,
  banner,
  gallery,
}: {
  mode: "new" | "edit";
  values: ProductFormValues;
  errors: Errors;
  banner: string | null;
  gallery: GalleryChoice[];
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const images = useImageRows(values.images);
  const [galleryNote, setGalleryNote] = useState("");
  const shown = hydrated ? images.count : MAX_PRODUCT_IMAGES;

  return (
    <Form method="post" className="product-form" aria-labelledby="producto-titulo">
      <input type="hidden" name="intent" value="save" />
      {banner ? (
        <p className="product-form-banner" role="alert">
          {banner}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p className="product-form-banner" role="alert">
          Revisa los campos marcados.
        </p>
      ) : null}

      <div className="field">
        <label htmlFor="producto-name">Nombre</label>
        <input
          id="producto-name"
          name="name"
          type="text"
          required
          maxLength={PRODUCT_LIMITS.name}
          defaultValue={values.name}
          {...invalidProps("producto", errors, "name")}
        />
        <FieldError form="producto" errors={errors} field="name" />
      </div>

      <div className="field">
        <label htmlFor="producto-description">Descripción (opcional)</label>
        <textarea
          id="producto-description"
          name="description"
          rows={4}
          maxLength={PRODUCT_LIMITS.description}
          defaultValue={values.description}
          {...invalidProps("producto", errors, "description")}
        />
        <FieldError form="producto" errors={errors} field="description" />
      </div>

      <div className="field-row">
        <div className="field">
          <label htmlFor="producto-price">Precio (MXN)</label>
          <input
            id="producto-price"
            name="price"
            type="number"
            inputMode="decimal"
            required
            min={0}
            step={0.01}
            defaultValue={values.price}
            {...invalidProps("producto", errors, "price")}
          />
          <FieldError form="producto" errors={errors} field="price" />
        </div>
        <div className="field">
          <label htmlFor="producto-salePrice">Precio de oferta (MXN, opcional)</label>
          <input
            id="producto-salePrice"
            name="salePrice"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            defaultValue={values.salePrice}
            {...invalidProps("producto", errors, "salePrice", "producto-salePrice-ayuda")}
          />
          <p id="producto-salePrice-ayuda" className="field-hint">
            Debe ser menor al precio normal.
          </p>
          <FieldError form="producto" errors={errors} field="salePrice" />
        </div>
      </div>

      <div className="field-row">
        <div className="field">
          <label htmlFor="producto-stock">Inventario (unidades)</label>
          <input
            id="producto-stock"
            name="stock"
            type="number"
            inputMode="numeric"
            required
            min={0}
            step={1}
            defaultValue={values.stock}
            {...invalidProps("producto", errors, "stock")}
          />
          <FieldError form="producto" errors={errors} field="stock" />
        </div>
        <div className="field">
          <label htmlFor="producto-category">Categoría</label>
          <select
            id="producto-category"
            name="category"
            required
            defaultValue={values.category || DEFAULT_CATEGORY}
            {...invalidProps("producto", errors, "category")}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldError form="producto" errors={errors} field="category" />
        </div>
      </div>

      <div className="field-row">
        <Choice label="Rareza" field="rarity" options={RARITIES} values={values} errors={errors} />
        <Choice label="Tipo" field="type" options={CARD_TYPES} values={values} errors={errors} />
      </div>
      <Choice label="Expansión" field="expansion" options={EXPANSIONS} values={values} errors={errors} />

      <div className="field-row">
        <div className="field">
          <label htmlFor="producto-cardNumber">Número de carta (opcional)</label>
          <input
            id="producto-cardNumber"
            name="cardNumber"
            type="text"
            maxLength={PRODUCT_LIMITS.cardNumber}
            placeholder="004/102"
            defaultValue={values.cardNumber}
            {...invalidProps("producto", errors, "cardNumber")}
          />
          <FieldError form="producto" errors={errors} field="cardNumber" />
        </div>
        <div className="field">
          <label htmlFor="producto-artist">Artista (opcional)</label>
          <input
            id="producto-artist"
            name="artist"
            type="text"
            maxLength={PRODUCT_LIMITS.artist}
            defaultValue={values.artist}
            {...invalidProps("producto", errors, "artist")}
          />
          <FieldError form="producto" errors={errors} field="artist" />
        </div>
      </div>

      <div className="field">
        <label htmlFor="producto-comment">Comentario del vendedor (opcional)</label>
        <textarea
          id="producto-comment"
          name="comment"
          rows={3}
          maxLength={PRODUCT_LIMITS.comment}
          defaultValue={values.comment}
          {...invalidProps("producto", errors, "comment")}
        />
        <FieldError form="producto" errors={errors} field="comment" />
      </div>

      <fieldset
        className="product-form-images"
        aria-describedby={["producto-images-ayuda", errors.images ? fieldErrorId("producto", "images") : ""].filter(Boolean).join(" ")}
      >
        <legend>Imágenes</legend>
        <p id="producto-images-ayuda" className="field-hint">
          De 1 a {MAX_PRODUCT_IMAGES} imágenes: direcciones https:// o rutas de la tienda (/media/…).
          {hydrated ? null : " Deja en blanco las que no uses."}
        </p>
        <FieldError form="producto" errors={errors} field="images" />
        <ol className="product-form-image-rows">
          {images.rows.slice(0, shown).map((url, index) => (
            <li key={index} className="product-form-image-row">
              <ImagePreview url={url} number={index + 1} />
              <div className="field">
                <label htmlFor={`producto-imagen-${index + 1}`}>Imagen {index + 1} (URL)</label>
                <input
                  id={`producto-imagen-${index + 1}`}
                  name="images"
                  type="text"
                  inputMode="url"
                  maxLength={PRODUCT_LIMITS.imageUrl}
                  value={url}
                  onChange={(event) => images.set(index, event.target.value)}
                  aria-invalid={errors.images ? true : undefined}
                  aria-describedby={errors.images ? fieldErrorId("producto", "images") : undefined}
                />
              </div>
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

      <div className="product-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Procesando..." : mode === "new" ? "Agregar Producto" : "Actualizar Producto"}
        </button>
        <Link to="/admin?tab=productos" className="button">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

function Choice({
  label,
  field,
  options,
  values,
  errors,
}: {
  label: string;
  field: "rarity" | "type" | "expansion";
  options: readonly string[];
  values: ProductFormValues;
  errors: Errors;
}) {
  const id = `producto-${field}`;
  // A value outside the list (a hostile post) is shown as not chosen.
  const value = options.includes(values[field]) ? values[field] : "";
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={field} required defaultValue={value} {...invalidProps("producto", errors, field)}>
        <option value="">Selecciona…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError form="producto" errors={errors} field={field} />
    </div>
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
        <div className="field">
          <label htmlFor="producto-galeria">Imagen de la galería (se agrega al guardar)</label>
          <select id="producto-galeria" name="galleryImage" defaultValue="">
            <option value="">Ninguna</option>
            {gallery.map((image) => (
              <option key={image.id} value={image.path}>
                {image.originalName}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
