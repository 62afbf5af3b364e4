import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/editar-producto";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { deleteProductForm, galleryChoices, productFormValues } from "#server/catalog/product-form.server.ts";
import { PRODUCT_LOAD_FAILED_HREF, productFormValuesFrom } from "#domain/product-form.ts";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { refuse, tryReadForm, refuseThrown } from "#app/lib/form.server.ts";
import { FormError } from "#app/components/forms.tsx";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { ProductForm } from "#app/components/admin/ProductForm.tsx";
import { DeleteProductButton } from "#app/components/admin/DeleteProductButton.tsx";
import productStylesHref from "#app/styles/admin-products.css?url";
import { saveProduct } from "./save-product.server";

/**
 * Edit product (docs/requirements.md#admin-area), and its delete: `intent=delete` erases the product,
 * or archives it when orders name it. `?eliminar=1` is the confirmation step without JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const values = await productFormValues(context.db, params.id);
  if (!values) throw redirect(PRODUCT_LOAD_FAILED_HREF);
  const confirmingDelete = new URL(request.url).searchParams.get("eliminar") === "1";
  return { id: params.id, values, confirmingDelete, gallery: confirmingDelete ? [] : await galleryChoices(context.db) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  if (form.get("intent") !== "delete") return saveProduct(request, context, form, params.id);
  try {
    const removed = await deleteProductForm(context.db, params.id);
    return redirect(dashboardHref({ tab: "productos", aviso: removed === "deleted" ? "producto-eliminado" : "producto-archivado" }), 303);
  } catch (error) {
    return refuseThrown(error, {
      intent: "delete",
      fallback: ADMIN_MESSAGES.deleteFailed,
      log: "product delete failed",
      requestId: context.requestId,
    });
  }
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productStylesHref }];

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Editar Producto",
    description: "Edita un producto del catálogo.",
    path: `/admin/editar-producto/${params.id}`,
    origin: originFrom(matches),
    noindex: true,
  });

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { id, values, confirmingDelete, gallery } = loaderData;
  const saveFailure = failureFor(actionData, "save");
  // A refused delete (or a request that is no form): its message once, above the form.
  const otherFailure = saveFailure ? undefined : failureFor(actionData);
  return (
    <section className="product-editor">
      <h2 id="producto-titulo">Editar Producto</h2>
      <FormError message={otherFailure?.formError} />
      {confirmingDelete ? (
        <ConfirmDelete id={id} name={values.name} />
      ) : (
        <>
          <ProductForm
            key={location.key}
            mode="edit"
            values={saveFailure ? productFormValuesFrom(saveFailure.values) : values}
            failure={saveFailure}
            gallery={gallery}
          />
          <DeleteProduct id={id} />
        </>
      )}
    </section>
  );
}

function DeleteProduct({ id }: { id: string }) {
  return (
    <div className="product-delete">
      <DeleteProductButton id={id} label="Eliminar producto" className="button button-danger" />
    </div>
  );
}

/** The confirmation step without JavaScript (docs/requirements.md#validation-rules). */
function ConfirmDelete({ id, name }: { id: string; name: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="product-delete-confirm" role="group" aria-labelledby="confirmar-eliminar">
      <p id="confirmar-eliminar">{ADMIN_MESSAGES.confirmDelete}</p>
      <p className="product-delete-name">{name}</p>
      <div className="product-form-actions">
        <Form method="post" action={`/admin/editar-producto/${id}`}>
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button button-danger" disabled={busy}>
            Sí, eliminar
          </button>
        </Form>
        <Link to="/admin?tab=productos" className="button">
          Cancelar
        </Link>
      </div>
    </div>
  );
}
