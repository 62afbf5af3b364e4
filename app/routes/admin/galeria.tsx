import { data, redirect } from "react-router";
import type { Route } from "./+types/galeria";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { deleteGalleryImage, listImages, uploadGalleryImage, type GalleryImage } from "#server/images/gallery.server.ts";
import { logError } from "#server/http/error-log.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { GalleryGrid } from "#app/components/admin/GalleryGrid.tsx";
import { GalleryUploadForm } from "#app/components/admin/GalleryUploadForm.tsx";
import galleryStylesHref from "#app/styles/admin-gallery.css?url";

/** The success banners of SPEC §8 "Gallery banners", by the `?aviso=` key a redirect carries. */
const NOTICES = {
  subida: ADMIN_MESSAGES.imageUploaded,
  eliminada: ADMIN_MESSAGES.imageDeleted,
} as const;

const GALLERY = "/admin/galeria";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const aviso = url.searchParams.get("aviso");
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

/** A refused upload or delete: the message (the server's own, SPEC §8 "server message preferred"). */
const failure = (intent: "upload" | "delete" | null, error: string, status: number) => data({ intent, error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  if (!form || (intent !== "upload" && intent !== "delete")) return failure(null, "La solicitud no es válida.", 400);
  try {
    if (intent === "upload") {
      const result = await uploadGalleryImage(context.db, form.get("imagen"), admin.id);
      if (!result.ok) return failure(intent, result.message, 400);
      return redirect(`${GALLERY}?aviso=subida`, 303);
    }
    const id = form.get("imageId");
    if (typeof id !== "string" || !(await deleteGalleryImage(context.db, id)))
      return failure(intent, ADMIN_MESSAGES.imageDeleteFailed, 404);
    return redirect(`${GALLERY}?aviso=eliminada`, 303);
  } catch (error) {
    logError("gallery action failed", error, { intent, requestId: context.requestId });
    return failure(intent, intent === "upload" ? ADMIN_MESSAGES.imageUploadFailed : ADMIN_MESSAGES.imageDeleteFailed, 500);
  }
}

export default function GalleryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { images, origin, notice, loadError, deletingId } = loaderData;
  const failed = actionData ?? undefined;
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
      {failed?.intent !== "upload" && failed ? (
        <p className="form-error gallery-alert" role="alert">
          {failed.error}
        </p>
      ) : null}
      <GalleryUploadForm action={GALLERY} error={failed?.intent === "upload" ? failed.error : null} />
      <GalleryGrid images={images} origin={origin} deletingId={deletingId} action={GALLERY} />
    </section>
  );
}
