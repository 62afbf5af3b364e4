/**
 * Configuration the end-to-end server is started with (playwright.config.ts) that specs also
 * need to know. The chat-app number is not the shop's default, so a page that printed a number
 * of its own instead of the configured one would be caught (tests/e2e/shop-phone.spec.ts).
 */
export const E2E_WHATSAPP_NUMBER = "523398765432";
/** How the pages write it (a Guadalajara number: 2-4-4 digits). */
export const E2E_WHATSAPP_DISPLAY = "33 9876 5432";
