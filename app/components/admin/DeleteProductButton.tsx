import { Form, Link, useNavigation } from "react-router";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * Deleting a product (docs/requirements.md#validation-rules): with JavaScript, a button that asks
 * confirm('¿Eliminar este producto?') and posts `intent=delete` to the edit screen's action;
 * without it, a link to that screen's confirmation step (`?eliminar=1`).
 */
export function DeleteProductButton({
  id,
  label,
  className,
  ariaLabel,
}: {
  id: string;
  label: string;
  className: string;
  ariaLabel?: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const action = `/admin/editar-producto/${id}`;
  const busy = navigation.state === "submitting" && navigation.formAction === action && navigation.formData?.get("intent") === "delete";
  if (!hydrated) {
    return (
      <Link to={`${action}?eliminar=1`} className={className} aria-label={ariaLabel}>
        {label}
      </Link>
    );
  }
  return (
    <Form
      method="post"
      action={action}
      className="delete-product-form"
      onSubmit={(event) => {
        if (!window.confirm(ADMIN_MESSAGES.confirmDelete)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className={className} disabled={busy} aria-label={ariaLabel}>
        {busy ? "Eliminando..." : label}
      </button>
    </Form>
  );
}
