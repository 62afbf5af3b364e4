/** Field-level error plumbing of the checkout form (app/components/FieldError.tsx with the form "checkout"). */
import { FieldError as SharedFieldError, fieldErrorId as sharedFieldErrorId, invalidProps } from "#app/components/FieldError.tsx";

export const fieldErrorId = (field: string) => sharedFieldErrorId("checkout", field);

/** aria-invalid and aria-describedby for a field at fault. */
export function errorProps(errors: Record<string, string>, field: string) {
  return invalidProps("checkout", errors, field);
}

export function FieldError({ errors, field }: { errors: Record<string, string>; field: string }) {
  return <SharedFieldError form="checkout" errors={errors} field={field} />;
}
