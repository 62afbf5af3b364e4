import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { FormFailure } from "#domain/form-failure.ts";
import { GALLERY_ACCEPT, GALLERY_FILE_FIELD, GALLERY_MAX_BYTES } from "#domain/gallery-upload.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { formatFileSize } from "#domain/gallery-upload.ts";
import { Field, FormError } from "#app/components/forms.tsx";

interface Preview {
  url: string;
  name: string;
  size: number;
}

/**
 * The gallery's upload form (docs/requirements.md#admin-area). Without JavaScript: a file input and
 * 'Subir imagen', checked on the server. With it: the chosen picture is previewed (a data: URL, which
 * the CSP allows) with a button to remove it, and the Spanish messages show before anything is sent
 * (the server checks again, by decoding).
 */
export function GalleryUploadForm({ action, failure }: { action: string; failure: FormFailure | undefined }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  // A new page (after a redirect) resets the form, its preview and its message.
  return <UploadForm key={location.key} action={action} failure={failure} busy={busy} />;
}

function UploadForm({ action, failure, busy }: { action: string; failure: FormFailure | undefined; busy: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const fileInput = () => form.current?.elements.namedItem(GALLERY_FILE_FIELD) as HTMLInputElement | null | undefined;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // The server's message belongs to the file it refused: choosing another one hides it.
  const [changed, setChanged] = useState(false);
  const serverErrors = changed ? undefined : failure?.fieldErrors[GALLERY_FILE_FIELD];
  const errors = clientError ? [clientError] : serverErrors;

  function clear() {
    const input = fileInput();
    if (input) input.value = "";
    setPreview(null);
  }

  function choose(file: File | undefined) {
    setChanged(true);
    setClientError(null);
    setPreview(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setClientError(ADMIN_MESSAGES.imageOnly);
      clear();
      return;
    }
    if (file.size > GALLERY_MAX_BYTES) {
      setClientError(ADMIN_MESSAGES.imageTooLarge);
      clear();
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      // Only if this file is still the chosen one.
      if (typeof reader.result === "string" && fileInput()?.files?.[0] === file)
        setPreview({ url: reader.result, name: file.name, size: file.size });
    };
    reader.readAsDataURL(file);
  }

  // A file chosen before the page's JavaScript ran (a slow phone) gets its preview and checks too.
  useEffect(() => {
    const file = fileInput()?.files?.[0];
    if (file) choose(file);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!fileInput()?.files?.length) {
      event.preventDefault();
      setClientError(ADMIN_MESSAGES.imageMissing);
      return;
    }
    setClientError(null);
    setChanged(false);
  }

  return (
    <Form ref={form} method="post" action={action} encType="multipart/form-data" className="gallery-upload" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="upload" />
      <Field
        label="Imagen (JPG, PNG, WebP, GIF o AVIF; máximo 5MB)"
        errors={errors}
        announce
        inputProps={{
          id: "galeria-archivo",
          name: GALLERY_FILE_FIELD,
          type: "file",
          accept: GALLERY_ACCEPT,
          onChange: (event) => choose(event.currentTarget.files?.[0]),
        }}
      />
      {preview ? (
        <figure className="gallery-preview">
          <img src={preview.url} alt={`Vista previa de ${preview.name}`} />
          <figcaption>
            {preview.name} · {formatFileSize(preview.size)}
          </figcaption>
          <button type="button" className="button button-danger-quiet" onClick={clear}>
            Quitar imagen
          </button>
        </figure>
      ) : null}
      <FormError message={changed ? null : failure?.formError} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Subiendo..." : "Subir imagen"}
      </button>
    </Form>
  );
}
