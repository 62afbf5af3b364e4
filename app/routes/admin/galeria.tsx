import { redirect } from "react-router";
import type { Route } from "./+types/galeria";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import {
  GALLERY_FILE_FIELD,
  deleteGalleryImage,
  galleryUploadSchema,
  listImages,
  uploadGalleryImage,
  type GalleryImage,
} from "#server/images/gallery.server.ts";
import { logError } from "#server/http/error-log.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { formInput, parseForm, refuse, tryReadForm, refuseThrown } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { NOTICE_PARAM, failureFor, failureOf } from "#domain/form-failure.ts";
import { GalleryGrid } from "#app/components/admin/GalleryGrid.tsx";
import { GalleryUploadForm } from "#app/components/admin/GalleryUploadForm.tsx";
import galleryStylesHref from "#app/styles/admin-gallery.css?url";

/** The gallery's success banners, by the `?aviso=` key a redirect carries. */
const NOTICES = {
  subida: ADMIN_MESSAGES.imageUploaded,
  eliminada: ADMIN_MESSAGES.imageDeleted,
} as const;

const GALLERY = "/admin/galeria";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const aviso = url.searchParams.get(NOTICE_PARAM);
  let images: GalleryImage[] = [];
  let loadError: string | null = null;
  try {
    images = await listImages(context.db);
  } catch (error) {
    logError("gallery list failed", error, { requestId: context.requestId });
    loadError = ADMIN_MESSAGES.galleryLoadFailed;
  }
  const deleting = url.searchParams.get("eliminar");
  return {
    images,
    loadError,
    origin: siteOrigin(request, context),
    notice: aviso && Object.hasOwn(NOTICES, aviso) ? NOTICES[aviso as keyof typeof NOTICES] : null,
    // Only an image on the list opens the no-JS delete question.
    deletingId: images.find((image) => image.id === deleting)?.id ?? null,
  };
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: galleryStylesHref }];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Galería de imágenes", description: "Imágenes de la tienda para los productos.", path: GALLERY, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || (intent !== "upload" && intent !== "delete")) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  if (intent === "upload") {
    const parsed = parseForm(galleryUploadSchema, formInput(galleryUploadSchema, form), { intent });
    if (!parsed.ok) return refuse(parsed.failure);
    try {
      await uploadGalleryImage(context.db, parsed.value[GALLERY_FILE_FIELD], admin.id);
    } catch (error) {
      return refuseThrown(error, {
        intent,
        fallback: ADMIN_MESSAGES.imageUploadFailed,
        log: "gallery upload failed",
        requestId: context.requestId,
      });
    }
    return redirect(`${GALLERY}?${NOTICE_PARAM}=subida`, 303);
  }
  const id = form.get("imageId");
  try {
    await deleteGalleryImage(context.db, typeof id === "string" ? id : "");
  } catch (error) {
    return refuseThrown(error, {
      intent,
      fallback: ADMIN_MESSAGES.imageDeleteFailed,
      log: "gallery delete failed",
      requestId: context.requestId,
    });
  }
  return redirect(`${GALLERY}?${NOTICE_PARAM}=eliminada`, 303);
}

export default function GalleryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { images, origin, notice, loadError, deletingId } = loaderData;
  const failed = failureFor(actionData);
  // The upload form shows its own refusal; a refused delete (or a request that is no form) is the screen's.
  const uploadFailure = failureFor(actionData, "upload");
  const screenError = failed && !uploadFailure ? failed.formError : null;
  return (
    <section className="gallery" aria-labelledby="galeria-titulo">
      <h2 id="galeria-titulo">Galería de imágenes ({images.length})</h2>
      <div role="status" className="gallery-status">
        {notice && !failed ? <p className="form-success">{notice}</p> : null}
      </div>
      {loadError ? (
        <p className="form-error gallery-alert" role="alert">
          {loadError}
        </p>
      ) : null}
      {screenError ? (
        <p className="form-error gallery-alert" role="alert">
          {screenError}
        </p>
      ) : null}
      <GalleryUploadForm action={GALLERY} failure={uploadFailure} />
      <GalleryGrid images={images} origin={origin} deletingId={deletingId} action={GALLERY} />
    </section>
  );
}
