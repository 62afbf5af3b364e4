import { DEFAULT_WHATSAPP_NUMBER, displayPhoneNumber, whatsappLink } from "#domain/shop.ts";
import { useRootData } from "#app/root.tsx";

/**
 * The shop's one chat-app and phone number, from the configuration
 * (`WHATSAPP_NUMBER`, sent by the root loader): how it reads, its tel: link and
 * click-to-chat links. Footer, information pages and product pages all use it.
 */
export function useShopPhone() {
  const number = useRootData()?.whatsappNumber ?? DEFAULT_WHATSAPP_NUMBER;
  return {
    display: displayPhoneNumber(number),
    telHref: `tel:+${number}`,
    chatHref: (text?: string) => whatsappLink(number, text),
  };
}
