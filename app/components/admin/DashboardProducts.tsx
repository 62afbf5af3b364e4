import { Form, Link } from "react-router";
import { formatMoneyCents } from "#domain/format.ts";
import { MAX_SEARCH_LENGTH } from "#domain/product-query.ts";
import {
  STOCK_FILTERS,
  adminProductStockLevel,
  adminStockLevel,
  dashboardHref,
  variantStockText,
  type DashboardQuery,
} from "#domain/admin-dashboard.ts";
import type { AdminPage, AdminProductRow } from "#server/admin/dashboard.server.ts";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { Pagination } from "#app/components/Pagination.tsx";
import { DeleteProductButton } from "./DeleteProductButton";

/** The stock with its colour AND its word (colour is never the only signal, docs/requirements.md#admin-area). */
export function StockBadge({ stock }: { stock: number }) {
  const { colour, label } = adminStockLevel(stock);
  return (
    <span className={`stock-badge stock-${colour}`}>
      <span className="stock-units">{stock}</span> {label}
    </span>
  );
}

/**
 * A product's stock per variant ('NM·EN 3, LP·JA 0'), in the colour and with the word of its lowest
 * variant (docs/requirements.md#admin-area).
 */
export function VariantStockBadge({ variants }: { variants: AdminProductRow["variants"] }) {
  const { colour, label } = adminProductStockLevel(variants);
  return (
    <span className={`stock-badge stock-badge-variants stock-${colour}`}>
      <span className="stock-units">{variants.map(variantStockText).join(", ")}</span> {label}
    </span>
  );
}

function ProductRow({ product }: { product: AdminProductRow }) {
  return (
    <tr>
      <td className="dashboard-thumb">
        {product.image ? (
          <ProductImage src={product.image} alt="" sizes="48px" width={48} height={67} />
        ) : (
          <span className="dashboard-thumb-empty" aria-hidden="true" />
        )}
      </td>
      <th scope="row" className="dashboard-product-name">
        {product.name}
      </th>
      <td data-label="Expansión">{product.expansion}</td>
      <td data-label="Número">{product.cardNumber ?? "—"}</td>
      <td className="dashboard-money" data-label="Precio">
        {formatMoneyCents(product.priceCents)}
        {product.salePriceCents !== null ? <span className="dashboard-sale">Oferta {formatMoneyCents(product.salePriceCents)}</span> : null}
      </td>
      <td data-label="Stock">
        {product.variants.length > 0 ? <VariantStockBadge variants={product.variants} /> : <StockBadge stock={product.stock} />}
      </td>
      <td className="dashboard-actions">
        <Link to={`/admin/editar-producto/${product.id}`} aria-label={`Editar ${product.name}`}>
          Editar
        </Link>
        <DeleteProductButton id={product.id} label="Eliminar" ariaLabel={`Eliminar ${product.name}`} className="dashboard-delete" />
      </td>
    </tr>
  );
}

const resultText = (total: number) => (total === 1 ? "1 producto" : `${total} productos`);

/** 'Productos': the search box (a GET form), the stock filter in force, the list, 100 a page. */
export function DashboardProducts({ query, products }: { query: DashboardQuery; products: AdminPage<AdminProductRow> }) {
  const filter = query.stock ? STOCK_FILTERS[query.stock] : null;
  const hrefFor = (page: number) => dashboardHref({ tab: "productos", q: query.q, stock: query.stock, page });
  const filtered = Boolean(query.q || filter);
  return (
    <section aria-labelledby="dashboard-panel-title">
      <h2 id="dashboard-panel-title">Productos</h2>
      <Form method="get" action="/admin" role="search" aria-label="Buscar productos en el panel" className="dashboard-search">
        <input type="hidden" name="tab" value="productos" />
        {query.stock ? <input type="hidden" name="stock" value={query.stock} /> : null}
        <label htmlFor="dashboard-q">Buscar por nombre, expansión, categoría, número o artista</label>
        <div className="dashboard-search-row">
          <input id="dashboard-q" type="search" name="q" defaultValue={query.q} maxLength={MAX_SEARCH_LENGTH} key={query.q} />
          <button type="submit" className="button button-primary">
            Buscar
          </button>
        </div>
      </Form>
      <p className="dashboard-count" role="status">
        {filter ? `${filter.label}: ` : ""}
        {query.q ? `${resultText(products.total)} para “${query.q}”` : resultText(products.total)}
        {filtered ? (
          <>
            {" · "}
            <Link to={dashboardHref({ tab: "productos" })}>Ver todos los productos</Link>
          </>
        ) : null}
      </p>
      {products.rows.length === 0 ? (
        <p className="empty-state">{products.total === 0 ? "No se encontraron productos" : "Esta página no tiene productos."}</p>
      ) : (
        <div className="admin-table-wrap dashboard-table-wrap" role="region" aria-label="Lista de productos" tabIndex={0}>
          <table className="admin-table dashboard-table dashboard-products">
            <caption className="visually-hidden">Productos de la tienda</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Imagen</span>
                </th>
                <th scope="col">Nombre</th>
                <th scope="col">Expansión</th>
                <th scope="col">Número</th>
                <th scope="col">Precio</th>
                <th scope="col">Stock</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {products.rows.map((p) => (
                <ProductRow key={p.id} product={p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={products.page} pages={products.pages} hrefFor={hrefFor} />
    </section>
  );
}
