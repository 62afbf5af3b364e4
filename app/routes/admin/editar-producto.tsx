import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/editar-producto";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { deleteProductForm, galleryChoices, productFormValues, saveProductForm } from "#server/catalog/product-form.server.ts";
import { PRODUCT_LOAD_FAILED_HREF } from "#domain/product-form.ts";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { readForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { ProductForm } from "#app/components/admin/ProductForm.tsx";
import { DeleteProductButton } from "#app/components/admin/DeleteProductButton.tsx";
import productStylesHref from "#app/styles/admin-products.css?url";

/**
 * Edit product (SPEC §2 "Add / edit product"), and its delete: `intent=delete` erases the product,
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
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const removed = await deleteProductForm(context.db, params.id, context.requestId);
    if (removed === "not-found") return data({ ok: false as const, deleteFailed: ADMIN_MESSAGES.deleteFailed }, { status: 404 });
    if (removed === "failed") return data({ ok: false as const, deleteFailed: ADMIN_MESSAGES.deleteFailed }, { status: 500 });
    return redirect(dashboardHref({ tab: "productos", aviso: removed === "deleted" ? "producto-eliminado" : "producto-archivado" }), 303);
  }
  const result = await saveProductForm(context.db, form, params.id, context.requestId);
  if (result.ok) return redirect(dashboardHref({ tab: "productos", aviso: "producto-actualizado" }), 303);
  return data(result, { status: result.status });
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
  const failed = actionData && !actionData.ok && "values" in actionData ? actionData : null;
  const deleteFailed = actionData && !actionData.ok && "deleteFailed" in actionData ? actionData.deleteFailed : null;
  return (
    <section className="product-editor">
      <h2 id="producto-titulo">Editar Producto</h2>
      {deleteFailed ? (
        <p className="product-form-banner" role="alert">
          {deleteFailed}
        </p>
      ) : null}
      {confirmingDelete ? (
        <ConfirmDelete id={id} name={values.name} />
      ) : (
        <>
          <ProductForm
            key={location.key}
            mode="edit"
            values={failed?.values ?? values}
            errors={failed?.errors ?? {}}
            banner={failed?.banner ?? null}
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

/** The confirmation step without JavaScript (SPEC §5 "Confirmations"). */
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
