import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { SiteHeader } from "./components/SiteHeader";
import { SiteFooter } from "./components/SiteFooter";
import { InlineStylesheet } from "./components/InlineStylesheet";
import { useContext } from "react";
import { APP_FIRST_PAINT, APP_STYLESHEET, InlineCssContext, type StylesheetHandle } from "./styles/inline";
import { loadRootData } from "./lib/root-data.server";
import { welcomeText } from "#domain/welcome.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rootData, headers } = await loadRootData(request, context);
  return data(rootData, { headers });
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>["rootData"];

/** The root loader's data (cart badge, quantities, origin) from anywhere in the tree. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3557" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The shell's sheet, then the page's own (a route's `handle.stylesheet`), written into the
            page: the first paint needs no stylesheet request (docs/decisions/025-first-round-trip.md). */}
        <PageStylesheets />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function PageStylesheets() {
  const handles = useMatches().map((match) => match.handle as StylesheetHandle | undefined);
  const firstPaint = useContext(InlineCssContext)[APP_FIRST_PAINT];
  return (
    <>
      {/* The list: the server writes in the part of the shell's sheet the first paint uses
          (app/styles/first-paint.ts); the browser then loads the whole sheet, whose rules come
          after and repeat those, once the page runs. Without JavaScript the page needs no more: the
          part written in styles every class its HTML uses (tests/integration/first-round-trip.test.ts). */}
      {firstPaint !== undefined && handles.some((handle) => handle?.shellFirstPaint) ? (
        <style href={APP_FIRST_PAINT} precedence="app">
          {firstPaint}
        </style>
      ) : (
        <InlineStylesheet href={APP_STYLESHEET} />
      )}
      {handles.map((handle) => handle?.stylesheet && <InlineStylesheet key={handle.stylesheet} href={handle.stylesheet} />)}
    </>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="contenido" className="site-main" tabIndex={-1}>
        <WelcomeNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * A new customer's first page after sign-up (the root loader's `welcome`, a one-time cookie): the
 * welcome, by the name the account holds, above whatever page they landed on. The live region is
 * always there, so the message is announced when a client-side navigation fills it.
 */
function WelcomeNotice() {
  const root = useRootData();
  return (
    <div role="status" className="site-notice">
      {root?.welcome && root.user ? <p className="form-success">{welcomeText(root.user.name)}</p> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Página no encontrada" : "Ocurrió un error";
  const detail = notFound
    ? "La página que buscas no existe o fue movida."
    : "No pudimos cargar esta página. Intenta de nuevo en unos momentos.";
  return (
    <>
      <SiteHeader />
      <main id="contenido" className="site-main" tabIndex={-1}>
        <section className="empty-state">
          <title>{title}</title>
          <h1>{title}</h1>
          <p>{detail}</p>
          <a className="button" href="/">
            Volver al inicio
          </a>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
