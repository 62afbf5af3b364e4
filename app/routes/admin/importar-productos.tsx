import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/importar-productos";
import { CSV_FILE_FIELD, CSV_SAMPLE_FILENAME } from "#domain/product-csv.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { tryReadForm, refuseThrown } from "#app/lib/form.server.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { previewCsvFile, type CsvFilePreview } from "#app/lib/csv-preview.ts";
import { ImportPreview, type ImportPreviewData } from "#app/components/admin/ImportPreview.tsx";
import { ImportRunView, isImportActive } from "#app/components/admin/ImportRunView.tsx";
import { CsvColumnsTable } from "#app/components/admin/CsvColumnsTable.tsx";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { failureFor, type FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES, CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { Field, FormError } from "#app/components/forms.tsx";
import { confirmPreviewedImport, loadImportPage, startProductImport } from "./importar-productos.server";
import importStylesHref from "#app/styles/admin-import.css?url";

/**
 * CSV import (docs/requirements.md#admin-area): pick a .csv file, see its first 5 rows, import. With
 * JavaScript the browser shows the preview and 'Importar' uploads the file once; without it the
 * upload shows a server-rendered preview (`?vista=`) whose 'Importar' confirms. The server imports
 * the rows in the background (server/importer); `?corrida=` shows the progress, refreshing itself
 * (a meta refresh without JavaScript, a poll with it), and then the result.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = await loadImportPage(context.db, new URL(request.url));
  return data(page, { status: page.view === "missing" ? 404 : 200 });
}

const PATH = "/admin/importar-productos";
const CSV_SAMPLE_PATH = "/admin/productos-ejemplo.csv";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  const intent = form?.get("intent");
  // 'confirm': the no-JS preview's 'Importar'; 'import': the upload with the browser's preview; else an upload to preview.
  const mode = intent === "confirm" ? "confirm" : intent === "import" ? "import" : "preview";
  let runId: string;
  try {
    runId =
      mode === "confirm"
        ? await confirmPreviewedImport(context.db, String(form?.get("corrida") ?? ""))
        : await startProductImport(context.db, form?.get(CSV_FILE_FIELD) ?? null, mode, admin.id);
  } catch (error) {
    return refuseThrown(error, {
      intent: mode,
      fallback: ADMIN_MESSAGES.importFailed,
      log: "import start failed",
      requestId: context.requestId,
    });
  }
  return redirect(`${PATH}?${mode === "preview" ? "vista" : "corrida"}=${runId}`, { status: 303 });
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: importStylesHref }];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Importar productos", description: "Importar productos desde un archivo CSV.", path: PATH, noindex: true });

/** How often the progress page asks again, with JavaScript. */
const POLL_MS = 1000;

export default function ImportProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-import" aria-labelledby="admin-import-title">
      <h2 id="admin-import-title">Importar productos</h2>
      {loaderData.view === "run" ? (
        <RunPage run={loaderData.run} />
      ) : loaderData.view === "missing" ? (
        <>
          <p className="import-failure" role="alert">
            {CSV_IMPORT_MESSAGES.runNotFound}
          </p>
          <p>
            <Link to={PATH} className="button button-light">
              Importar otro archivo
            </Link>
          </p>
        </>
      ) : loaderData.view === "preview" ? (
        <ConfirmPreview runId={loaderData.runId} preview={loaderData.preview} error={failureFor(actionData)?.formError ?? null} />
      ) : (
        <>
          <UploadForm failure={failureFor(actionData)} notice={loaderData.notice} />
          <CsvColumnsTable samplePath={CSV_SAMPLE_PATH} />
        </>
      )}
    </section>
  );
}

type RunData = Extract<Route.ComponentProps["loaderData"], { view: "run" }>["run"];

function RunPage({ run }: { run: RunData }) {
  const active = isImportActive(run.status);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  return (
    <>
      {/* The page reloads itself every 2 s while the import runs, so it works without JavaScript
          (nothing a no-JS user needs is hidden from the page: docs/architecture.md#who-it-serves);
          with JavaScript the poll above also updates it in between. Once the run is done the tag is
          gone and it stops. */}
      {active ? <meta httpEquiv="refresh" content="2" /> : null}
      <ImportRunView run={run} />
    </>
  );
}

/** Under the file field: the file's format in one line, and the columns' table below the form. */
function ColumnsHint() {
  return (
    <>
      Archivo .csv en UTF-8, de hasta 5 MB, con una fila de encabezado y una fila por variante. Las columnas están en la tabla de abajo.{" "}
      <a href={CSV_SAMPLE_PATH} download={CSV_SAMPLE_FILENAME}>
        Descargar archivo de ejemplo
      </a>
    </>
  );
}

/**
 * The upload form. Without JavaScript its button asks for the server's preview; with it the file
 * is previewed here as soon as it is picked, and the button imports it.
 */
function UploadForm({ failure, notice }: { failure: FormFailure | undefined; notice: string | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [preview, setPreview] = useState<CsvFilePreview | null>(null);
  // The server's answer about a file stops applying once another file is picked.
  const [answered, setAnswered] = useState<unknown>(null);
  const current = failure && failure !== answered ? failure : undefined;
  const serverError = current ? (current.fieldErrors[CSV_FILE_FIELD]?.[0] ?? current.formError) : notice;
  const shownError = preview && !preview.ok ? preview.failure : serverError;

  const form = useRef<HTMLFormElement>(null);
  const fileInput = () => form.current?.elements.namedItem(CSV_FILE_FIELD) as HTMLInputElement | null | undefined;
  async function showPreview(file: File | undefined) {
    setPreview(file ? await previewCsvFile(file) : null);
  }
  function onFileChange(event: React.ChangeEvent<HTMLInputElement>) {
    setAnswered(failure);
    void showPreview(event.currentTarget.files?.[0]);
  }
  // A file picked before the page came alive gets its preview too.
  useEffect(() => {
    void showPreview(fileInput()?.files?.[0]);
  }, []);

  return (
    <Form ref={form} method="post" action={PATH} encType="multipart/form-data" className="import-form">
      <Field
        label="Archivo CSV"
        hint={<ColumnsHint />}
        errors={shownError ? [shownError] : undefined}
        announce
        className="import-field"
        inputProps={{ id: "import-file", name: CSV_FILE_FIELD, type: "file", accept: ".csv,text/csv", onChange: onFileChange }}
      />
      {hydrated && preview?.ok ? <ImportPreview preview={preview.value} /> : null}
      <input type="hidden" name="intent" value={hydrated ? "import" : "preview"} />
      <button type="submit" className="button button-primary" disabled={busy || (hydrated && preview !== null && !preview.ok)}>
        {busy ? "Subiendo…" : hydrated ? "Importar" : "Ver vista previa"}
      </button>
    </Form>
  );
}

/** The no-JS preview: the stored file's first rows, 'Importar' to confirm or pick another file. */
function ConfirmPreview({ runId, preview, error }: { runId: string; preview: ImportPreviewData; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <>
      <FormError message={error} />
      <ImportPreview preview={preview} />
      <Form method="post" action={PATH} className="import-confirm">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="corrida" value={runId} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Importando…" : "Importar"}
        </button>
        <Link to={PATH} className="button button-light">
          Elegir otro archivo
        </Link>
      </Form>
    </>
  );
}
