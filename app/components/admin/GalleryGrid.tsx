import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { formatDateTime } from "#domain/dates.ts";
import { formatFileSize } from "#domain/gallery-upload.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** One gallery image as the screen gets it (server/images/gallery.server.ts `GalleryImage`). */
export interface GalleryItem {
  id: string;
  originalName: string;
  size: number;
  uploadedAt: string;
  path: string;
}

/** How long the copy button shows its check (docs/requirements.md#admin-area). */
const COPIED_MS = 2000;
const THUMB_WIDTH = 240;

/**
 * The gallery's grid (docs/requirements.md#admin-area): thumbnail, original name, size, upload date and
 * time, the full URL (read-only, selectable; a copy button with JavaScript), 'Ver' in a new tab
 * and 'Eliminar' (confirm() with JavaScript, a confirmation step without: `?eliminar={id}`).
 */
export function GalleryGrid({
  images,
  origin,
  deletingId,
  action,
}: {
  images: GalleryItem[];
  origin: string;
  deletingId: string | null;
  action: string;
}) {
  if (images.length === 0) return <p className="gallery-empty">Aún no hay imágenes en la galería.</p>;
  return (
    <ul className="gallery-grid">
      {images.map((image) => (
        <li key={image.id} id={`imagen-${image.id}`} className="gallery-card">
          <GalleryCard image={image} url={`${origin}${image.path}`} confirmingDelete={image.id === deletingId} action={action} />
        </li>
      ))}
    </ul>
  );
}

function GalleryCard({
  image,
  url,
  confirmingDelete,
  action,
}: {
  image: GalleryItem;
  url: string;
  confirmingDelete: boolean;
  action: string;
}) {
  const hydrated = useHydrated();
  const urlId = `url-${image.id}`;
  return (
    <>
      <Thumbnail src={`${image.path}?w=${THUMB_WIDTH}`} alt={`Miniatura de ${image.originalName}`} />
      <div className="gallery-card-body">
        <p className="gallery-name" title={image.originalName}>
          {image.originalName}
        </p>
        <p className="gallery-meta">
          <span>{formatFileSize(image.size)}</span> · <time dateTime={image.uploadedAt}>{formatDateTime(image.uploadedAt)}</time>
        </p>
        <label htmlFor={urlId} className="gallery-url-label">
          URL de la imagen
        </label>
        <input id={urlId} className="gallery-url" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {confirmingDelete ? (
          <div className="gallery-confirm" role="group" aria-labelledby={`confirmar-${image.id}`}>
            <p id={`confirmar-${image.id}`}>{ADMIN_MESSAGES.confirmDeleteImage}</p>
            <div className="gallery-actions">
              <DeleteForm id={image.id} name={image.originalName} action={action} confirm={false} />
              <Link to={`${action}#imagen-${image.id}`} className="button">
                Cancelar
              </Link>
            </div>
          </div>
        ) : (
          <div className="gallery-actions">
            {hydrated ? <CopyButton inputId={urlId} url={url} name={image.originalName} /> : null}
            <a
              href={image.path}
              target="_blank"
              rel="noopener"
              className="button"
              aria-label={`Ver ${image.originalName} (se abre en una pestaña nueva)`}
            >
              Ver
            </a>
            {hydrated ? (
              <DeleteForm id={image.id} name={image.originalName} action={action} confirm />
            ) : (
              <Link
                to={`${action}?eliminar=${image.id}#imagen-${image.id}`}
                className="button button-danger-quiet"
                aria-label={`Eliminar ${image.originalName}`}
              >
                Eliminar
              </Link>
            )}
          </div>
        )}
      </div>
    </>
  );
}

function DeleteForm({ id, name, action, confirm }: { id: string; name: string; action: string; confirm: boolean }) {
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(event) => {
        if (confirm && !window.confirm(ADMIN_MESSAGES.confirmDeleteImage)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="imageId" value={id} />
      <button type="submit" className={confirm ? "button button-danger-quiet" : "button button-danger"} aria-label={`Eliminar ${name}`}>
        Eliminar
      </button>
    </Form>
  );
}

/**
 * The thumbnail, or a placeholder when it fails to load. A failure before hydration (no onError
 * yet) is caught on mount: a complete image with no width never loaded.
 */
function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div className="gallery-thumb gallery-thumb-placeholder" role="img" aria-label={`${alt} (no disponible)`}>
        <span aria-hidden="true">Sin vista previa</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      className="gallery-thumb"
      src={src}
      alt={alt}
      width={THUMB_WIDTH}
      height={THUMB_WIDTH}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** Copies the URL (the Clipboard API; else the selected input and execCommand) and shows a check for 2 seconds. */
function CopyButton({ inputId, url, name }: { inputId: string; url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.getElementById(inputId);
      if (!(input instanceof HTMLInputElement)) return;
      input.select();
      if (!document.execCommand("copy")) return;
    }
    setCopied(true);
  }

  return (
    <>
      <button
        type="button"
        className="button gallery-copy"
        onClick={() => void copy()}
        aria-label={copied ? `URL de ${name} copiada` : `Copiar URL de ${name}`}
      >
        {copied ? (
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5 10 17.5 19 7" />
          </svg>
        ) : (
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="9" y="9" width="11" height="11" rx="2" />
            <path d="M5 15V5a2 2 0 0 1 2-2h10" />
          </svg>
        )}
        <span className="gallery-copy-text">{copied ? "Copiada" : "Copiar"}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? "URL copiada" : ""}
      </span>
    </>
  );
}
