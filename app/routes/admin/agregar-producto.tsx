import { useLocation } from "react-router";
import type { Route } from "./+types/agregar-producto";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { galleryChoices } from "#server/catalog/product-form.server.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { EMPTY_PRODUCT_FORM, productFormValuesFrom } from "#domain/product-form.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { ProductForm } from "#app/components/admin/ProductForm.tsx";
import productStylesHref from "#app/styles/admin-products.css?url";
import { saveProduct } from "./save-product.server";

/** Add product (docs/requirements.md#admin-area): the form, and its POST. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { gallery: await galleryChoices(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  return saveProduct(request, context, form, null);
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Agregar Producto",
    description: "Agrega un producto al catálogo.",
    path: "/admin/agregar-producto",
    origin: originFrom(matches),
    noindex: true,
  });

export default function AddProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureFor(actionData);
  // A new location (each submission's answer) starts the form afresh from the values given.
  const location = useLocation();
  return (
    <section className="product-editor">
      <h2 id="producto-titulo">Agregar Producto</h2>
      <ProductForm
        key={location.key}
        mode="new"
        values={failure ? productFormValuesFrom(failure.values) : EMPTY_PRODUCT_FORM}
        failure={failure}
        gallery={loaderData.gallery}
      />
    </section>
  );
}
