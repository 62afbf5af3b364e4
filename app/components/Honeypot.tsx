import { HONEYPOT_FIELD } from "#domain/forms.ts";

/** The hidden field public forms carry (docs/architecture.md#security): people leave it empty, naive bots fill it. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>No llenes este campo</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
