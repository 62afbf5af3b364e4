import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { InlineCssContext } from "#app/styles/inline.ts";
import { INLINE_CSS } from "#app/styles/inline-css.server.ts";
import { NextPageAssetsContext, type NextPage } from "#app/lib/page-prefetch.ts";
import { assetsBeyondShownPage } from "#app/lib/route-assets.server.ts";
import { scriptsAfterPaint } from "#app/lib/scripts-after-paint.server.ts";
import { ServerFragmentsContext, type FragmentRenderer } from "#app/lib/server-fragments.tsx";
import { createFragmentRenderer, type FragmentMode } from "#app/lib/server-fragments.server.ts";
import { logRequestFailure } from "#server/http/error-log.ts";
import { markLoadersDone, serverTiming } from "#server/http/request-cost.ts";

export const streamTimeout = 5_000;

/** The product cards kept as HTML (decision 028), for the process's life; "off" renders them in place. */
const fragmentRenderers = new Map<FragmentMode, FragmentRenderer>();
function fragmentRenderer(mode: FragmentMode): FragmentRenderer | null {
  if (mode === "off") return null;
  let renderer = fragmentRenderers.get(mode);
  if (!renderer) fragmentRenderers.set(mode, (renderer = createFragmentRenderer(mode)));
  return renderer;
}

/**
 * React writes the document in 4 KB pieces and calls `flush()` at the end of each
 * rendering pass. Passed on one by one, each piece went through the compression
 * middleware with a sync flush of its own (React Router's Express adapter flushes
 * after every chunk): about twice the CPU of compressing the page at once, and for
 * gzip a 60% bigger page. This stream hands on one chunk per pass instead: with the
 * document written once it is ready (onAllReady, below), the whole page.
 */
class OneChunkPerPass extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    done();
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }

  /** Called by React after each pass. */
  flush() {
    if (this.pending.length === 0) return;
    const pass = Buffer.concat(this.pending);
    this.pending = [];
    // The page's scripts wait for its first paint (decision 026).
    this.push(isWholeDocument(pass) ? scriptsAfterPaint(pass) : pass);
  }
}

const DOCTYPE = Buffer.from("<!DOCTYPE html>");
const HTML_END = Buffer.from("</html>");

/** A pass that holds the whole page (the only kind onAllReady writes for a document). */
function isWholeDocument(pass: Buffer): boolean {
  return pass.subarray(0, DOCTYPE.length).equals(DOCTYPE) && pass.subarray(pass.length - HTML_END.length).equals(HTML_END);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every visitor gets the whole document at once, written in one pass (onAllReady). No loader
  // defers data (nothing suspends), so streaming the shell first sent nothing sooner: it split the
  // page into a shell and React Router's data scripts, each pass a write and a sync flush of its
  // own through compression. One pass costs about 18% less server CPU on the product list
  // (interleaved A/B, decision record 007). A page that ever defers data should stream again.
  const nonce = loadContext.cspNonce;
  markLoadersDone();
  const renderStarted = performance.now();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      // The sheets written into the page (app/styles/inline.ts): their text only on the server.
      <InlineCssContext.Provider value={INLINE_CSS}>
        <NextPageAssetsContext.Provider value={(page: NextPage) => assetsBeyondShownPage(routerContext, page)}>
          <ServerFragmentsContext.Provider value={fragmentRenderer(loadContext.config.SERVER_FRAGMENTS)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ServerFragmentsContext.Provider>
        </NextPageAssetsContext.Provider>
      </InlineCssContext.Provider>,
      {
        nonce,
        // Never move a finished <Suspense> boundary's content out of place: past this many bytes React
        // writes it in a hidden <div> that a script reveals, and without JavaScript it would stay
        // hidden ('Avísame cuando vuelva' on a sold-out product). The page is sent whole anyway
        // (onAllReady), so splitting it for an early paint gains nothing.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // An error after the shell (inside a boundary, which the browser then renders) reaches only
        // onError: it is logged there. One in the shell is rejected and React Router reports it.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const body = new OneChunkPerPass();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const timing = serverTiming(performance.now() - renderStarted);
          if (timing) responseHeaders.set("Server-Timing", timing);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) handleError(error, { request, context: loadContext as never, params: {} });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Unexpected errors in loaders, actions and rendering: one JSON log line with
 * the request id (the page shows a generic Spanish message, never the stack).
 * Refusals React Router answers itself (405, 404) are logged as information;
 * aborted requests (the shopper left) not at all.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as Partial<AppLoadContext>;
  logRequestFailure(error, { requestId: ctx.requestId, method: request.method, path: new URL(request.url).pathname });
};
