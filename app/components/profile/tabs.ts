/**
 * The profile's sections (/perfil?tab=…): tabs that are links, so they work
 * without JavaScript; an unknown value falls back to the first. Each form posts
 * its `intent` to the tab it lives on.
 */
import { useNavigation } from "react-router";
import type { LinkTab } from "#app/components/LinkTabs.tsx";
import type { ProfileIntent } from "#server/accounts/profile-forms.ts";

export const PROFILE_TABS = [
  { id: "informacion", label: "Información personal" },
  { id: "contrasena", label: "Cambiar contraseña" },
  { id: "direcciones", label: "Direcciones" },
  { id: "puntos", label: "Puntos" },
  { id: "lista-de-deseos", label: "Lista de deseos" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["id"];

export function tabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((t) => t.id === value)?.id ?? "informacion";
}

export const tabUrl = (tab: ProfileTab, extra: Record<string, string> = {}) => `/perfil?${new URLSearchParams({ tab, ...extra })}`;

export const PROFILE_LINK_TABS: readonly LinkTab[] = PROFILE_TABS.map((t) => ({ id: t.id, label: t.label, href: tabUrl(t.id) }));

/** True while this form of the page is being sent. */
export function useBusy(intent: ProfileIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
