/**
 * An order's history (docs/requirements.md#order-fulfilment): every status change, payment, refund,
 * e-mail and note is one `order_events` row, written in the transaction of the change it records,
 * with who did it. Browser-safe: the admin's order page prints these labels.
 */

/** What an event records. The schema's CHECK is built from this list. */
export const ORDER_EVENT_KINDS = [
  "created",
  "status",
  "tracking",
  "payment",
  "manual-payment",
  "refund-requested",
  "refund-failed",
  "refund",
  "cancelled",
  "mail",
  "note",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const ORDER_EVENT_KIND_LABELS: Record<OrderEventKind, string> = {
  created: "Pedido creado",
  status: "Cambio de estado",
  tracking: "Número de rastreo",
  payment: "Pago",
  "manual-payment": "Pago manual",
  "refund-requested": "Reembolso solicitado",
  "refund-failed": "Reembolso no realizado",
  refund: "Reembolso",
  cancelled: "Cancelación",
  mail: "Correo",
  note: "Nota interna",
};

/** Who did it: an admin (named), the customer, the shop itself (jobs) or the payment provider. */
export const ORDER_EVENT_ACTORS = ["admin", "cliente", "sistema", "proveedor"] as const;
export type OrderEventActorKind = (typeof ORDER_EVENT_ACTORS)[number];

export const ORDER_EVENT_ACTOR_LABELS: Record<OrderEventActorKind, string> = {
  admin: "Administrador",
  cliente: "Cliente",
  sistema: "Sistema",
  proveedor: "Proveedor de pagos",
};

/** Who an event is by: an admin carries their account's id and name (kept as it was then). */
export type OrderActor =
  | { kind: "admin"; userId: string; name: string }
  | { kind: "cliente"; userId?: string | null }
  | { kind: "sistema" }
  | { kind: "proveedor" };

export const SYSTEM_ACTOR: OrderActor = { kind: "sistema" };
export const PROVIDER_ACTOR: OrderActor = { kind: "proveedor" };

/** How the history names who did it: the admin's name, else the actor's label. */
export function orderActorLabel(actor: { kind: string; name?: string | null }): string {
  if (actor.kind === "admin" && actor.name) return actor.name;
  return ORDER_EVENT_ACTOR_LABELS[actor.kind as OrderEventActorKind] ?? ORDER_EVENT_ACTOR_LABELS.sistema;
}

/** An internal note's longest length, in characters. */
export const ORDER_NOTE_MAX_LENGTH = 1000;
