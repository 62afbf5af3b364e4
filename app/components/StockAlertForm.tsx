/**
 * 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts): where a page
 * shows 'Agotado', a guest leaves an e-mail address to hear once when the product (or, with
 * `variantId`, that variant) is back, and is told to confirm it from the e-mail that follows; a
 * signed-in customer sees no field (the account's e-mail is used) and one press is enough. Without JavaScript
 * a plain form to /alertas, which answers with its own page; with JavaScript a fetcher posts and
 * the answer shows here. A public form: it carries the honeypot.
 */
import { useId } from "react";
import { useFetcher } from "react-router";
import { useRootData } from "#app/root.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { FormError, describedBy, errorId, ErrorList, type Errors } from "#app/components/form-parts.tsx";
import { failureFor, type FormFailure } from "#domain/form-failure.ts";
import { STOCK_ALERT_ACTION, STOCK_ALERT_MESSAGES, stockAlertAccountIntro } from "#domain/stock-alerts.ts";

/** The form's address: /alertas naming the product (and variant), so a refused no-JS post's page knows them. */
export function stockAlertAction(productId: string, variantId?: string | null): string {
  return `${STOCK_ALERT_ACTION}?${new URLSearchParams({ producto: productId, ...(variantId ? { variante: variantId } : {}) })}`;
}

export function StockAlertForm({
  productId,
  variantId,
  failure: shownFailure,
  className,
}: {
  productId: string;
  variantId?: string | null;
  /** A refusal the page itself got (the /alertas page after a no-JS post). */
  failure?: FormFailure;
  className?: string;
}) {
  const root = useRootData();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const id = useId().replace(/[^A-Za-z0-9_-]/g, "");
  const emailId = `alerta-correo-${id}`;
  const titleId = `alerta-titulo-${id}`;
  const busy = fetcher.state !== "idle";
  const done = !busy && fetcher.data !== undefined && !failureFor(fetcher.data);
  const answer =
    done && (fetcher.data as { confirmByEmail?: boolean }).confirmByEmail ? STOCK_ALERT_MESSAGES.checkEmail : STOCK_ALERT_MESSAGES.done;
  const account = root?.user ?? null;
  const failure = busy ? undefined : (failureFor(fetcher.data) ?? shownFailure);
  const emailErrors: Errors = failure?.fieldErrors.email;
  const otherError = failure?.formError ?? [failure?.fieldErrors.productId, failure?.fieldErrors.variantId].flat().find(Boolean);
  const action = stockAlertAction(productId, variantId);
  return (
    <section className={`stock-alert ${className ?? ""}`.trim()} aria-labelledby={titleId}>
      <h2 id={titleId} className="stock-alert-title">
        {STOCK_ALERT_MESSAGES.title}
      </h2>
      <div role="status">{done ? <p className="form-success">{answer}</p> : null}</div>
      {done ? null : (
        <form
          method="post"
          action={action}
          className="stock-alert-form"
          noValidate={hydrated}
          onSubmit={(event) => {
            event.preventDefault();
            fetcher.submit(event.currentTarget, { method: "post", action });
          }}
        >
          <p className="field-hint">{account ? stockAlertAccountIntro(account.email) : STOCK_ALERT_MESSAGES.guestIntro}</p>
          <Honeypot />
          <input type="hidden" name="productId" value={productId} />
          {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
          {hydrated ? null : <input type="hidden" name="redirectTo" value="1" />}
          <FormError message={otherError} />
          {/* The address and the button on one row where there is room, the field the wider. */}
          <div className="stock-alert-row">
            {account ? null : (
              <div className="field">
                <label htmlFor={emailId}>{STOCK_ALERT_MESSAGES.emailLabel}</label>
                <input
                  id={emailId}
                  name="email"
                  type="email"
                  required
                  maxLength={254}
                  autoComplete="email"
                  defaultValue={failure?.values.email ?? ""}
                  {...describedBy(emailId, { errors: emailErrors })}
                />
                <ErrorList id={errorId(emailId)} errors={emailErrors} />
              </div>
            )}
            <button type="submit" className="button" disabled={busy}>
              {busy ? STOCK_ALERT_MESSAGES.busy : STOCK_ALERT_MESSAGES.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
