import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The shop's screens (docs/requirements.md#routes-and-screens), plus resource routes for SEO and
// the generated demo card images.
export default [
  index("routes/productos.tsx", { id: "home" }),
  route("productos", "routes/productos.tsx", { id: "productos" }),
  route("producto/:id", "routes/producto.tsx"),
  route("carrito", "routes/carrito.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("login", "routes/login.tsx", { id: "login" }),
  route("registro", "routes/login.tsx", { id: "registro" }),
  route("logout", "routes/logout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  route("mis-pedidos", "routes/mis-pedidos.tsx"),
  route("terminos", "routes/terminos.tsx"),
  route("privacidad", "routes/privacidad.tsx"),
  route("garantia", "routes/garantia.tsx"),
  route("envios", "routes/envios.tsx"),
  route("preferencias/aviso-puntos", "routes/preferencias.aviso-puntos.ts"),
  // Search as you type: the header's search box asks it for suggestions (JSON).
  route("buscar/sugerencias", "routes/buscar.sugerencias.ts"),
  route("media/demo/:file", "routes/media.demo.$file.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("perfil", "routes/perfil.tsx"),
  // The wishlist's heart and 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts).
  route("lista-de-deseos", "routes/lista-de-deseos.tsx"),
  route("alertas", "routes/alertas.tsx"),
  route("alertas/baja", "routes/alertas.baja.tsx"),
  route("alertas/confirmar/:token", "routes/alertas.confirmar.tsx"),
  // Payments (docs/architecture.md#payments): the sandbox provider's payment page and the provider's webhook.
  route("sandbox/pago/:id", "routes/sandbox.pago.$id.tsx"),
  route("api/webhooks/mercadopago", "routes/api.webhooks.mercadopago.ts"),
  // The provider's return pages and the order confirmation (docs/requirements.md#payments).
  route("payment/success", "routes/payment.success.tsx"),
  route("payment/failure", "routes/payment.failure.tsx"),
  route("payment/pending", "routes/payment.pending.tsx"),
  route("confirmacion", "routes/confirmacion.tsx"),
  route("consulta-pedido", "routes/consulta-pedido.tsx"),
  // The admin area (docs/requirements.md#admin-area): every screen under one layout in routes/admin/,
  // each module's loader and action guarded by requireAdmin (tests/integration/admin-access.test.ts).
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("agregar-producto", "routes/admin/agregar-producto.tsx"),
      route("editar-producto/:id", "routes/admin/editar-producto.tsx"),
      route("importar-productos", "routes/admin/importar-productos.tsx"),
      route("galeria", "routes/admin/galeria.tsx"),
      route("cupones", "routes/admin/cupones.tsx"),
      route("loyalty", "routes/admin/loyalty.tsx"),
      route("pedidos/:number", "routes/admin/pedido.tsx"),
    ]),
    // 'Exportar CSV' of the 'Órdenes' tab: a file, outside the layout.
    route("pedidos.csv", "routes/admin/pedidos-csv.ts"),
    // The CSV import's sample file, a file too.
    route("productos-ejemplo.csv", "routes/admin/productos-ejemplo-csv.ts"),
    // 'Descargar respaldo': the database's backup, a file too (docs/architecture.md#backups).
    route("respaldo", "routes/admin/respaldo.ts"),
  ]),
  // Gallery images and their WebP variants (public, immutable; server/images).
  route("media/imagenes/:id/:file", "routes/media.imagenes.$id.$file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
