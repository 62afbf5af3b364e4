/**
 * The shop's Spanish messages (docs/requirements.md#messages), defined once: the server's schemas
 * and actions answer with them, and the views show them (live hints, fallbacks)
 * without importing any server code or schema library.
 */
import { ADDRESS_LIMITS, MAX_ADDRESSES_PER_USER, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./forms";

/** Login and registration. */
export const AUTH_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre es demasiado largo",
  nameInvalid: "El nombre contiene caracteres no válidos",
  emailRequired: "El correo electrónico es requerido",
  emailInvalid: "Ingresa un correo electrónico válido",
  phoneInvalid: "El teléfono debe tener 10 dígitos",
  passwordRequired: "La contraseña es requerida",
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  /** The registration's hint under the password (the rule, told before the browser refuses). */
  passwordHint: `Mínimo ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordTooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  emailTaken: "Ya existe una cuenta con este correo electrónico",
  badCredentials: "Correo electrónico o contraseña incorrectos",
  fallback: "Error al procesar la solicitud. Verifica tus datos.",
} as const;

/** Forgot and reset password (docs/requirements.md#messages). */
export const RESET_MESSAGES = {
  newPasswordRequired: "La nueva contraseña es requerida",
  passwordsDontMatch: "Las contraseñas no coinciden",
  tokenMissing: "Token no proporcionado",
  tokenInvalid: "Token inválido o expirado",
  forgotFallback: "Error al procesar la solicitud",
  resetFallback: "Error al restablecer la contraseña",
} as const;

/** Profile: personal information, password change and addresses. */
export const PROFILE_MESSAGES = {
  // The generic ones (a more precise message is preferred when there is one).
  updateFailed: "Error al actualizar",
  passwordFailed: "Error al cambiar contraseña",
  addressAddFailed: "Error al agregar dirección",
  addressUpdateFailed: "Error al actualizar dirección",
  addressDeleteFailed: "Error al eliminar dirección",
  invalidRequest: "La solicitud no es válida.",
  // Password change.
  currentPasswordRequired: "La contraseña actual es requerida",
  currentPasswordWrong: "La contraseña actual es incorrecta",
  // Addresses.
  streetRequired: "La calle es requerida",
  streetTooLong: `La calle no puede tener más de ${ADDRESS_LIMITS.street} caracteres`,
  coloniaTooLong: `La colonia no puede tener más de ${ADDRESS_LIMITS.colonia} caracteres`,
  cityRequired: "La ciudad es requerida",
  cityTooLong: `La ciudad no puede tener más de ${ADDRESS_LIMITS.city} caracteres`,
  stateRequired: "El estado es requerido",
  stateInvalid: "Selecciona un estado de la lista",
  zipRequired: "El código postal es requerido",
  zipInvalid: "El código postal debe tener 5 dígitos",
  referencesTooLong: `Las referencias no pueden tener más de ${ADDRESS_LIMITS.references} caracteres`,
  invalidCharacters: "Este campo contiene caracteres no válidos",
  tooManyAddresses: `Puedes guardar hasta ${MAX_ADDRESSES_PER_USER} direcciones. Elimina alguna para agregar otra.`,
} as const;

/** Success messages, by the key a redirect carries (`?aviso=address-added`, NOTICE_PARAM). */
export const PROFILE_NOTICES = {
  "profile-updated": "Perfil actualizado exitosamente",
  "password-changed": "Contraseña actualizada exitosamente",
  "address-added": "Dirección agregada exitosamente",
  "address-updated": "Dirección actualizada exitosamente",
  "address-deleted": "Dirección eliminada exitosamente",
  "default-address": "Dirección predeterminada actualizada",
} as const;

export type ProfileNotice = keyof typeof PROFILE_NOTICES;

/** The Spanish text for a notice key from the URL; null for anything else (never the raw value). */
export function noticeText(key: unknown): string | null {
  return typeof key === "string" && Object.hasOwn(PROFILE_NOTICES, key) ? PROFILE_NOTICES[key as ProfileNotice] : null;
}

/** Cart forms and cart changes. */
export const CART_FORM_ERRORS = {
  invalid: "La solicitud no es válida.",
  product: "Producto no encontrado",
  quantity: "La cantidad no es válida",
} as const;

export const CART_MESSAGES = {
  productNotFound: "Producto no encontrado",
  outOfStock: "Este producto está agotado",
  invalidQuantity: "La cantidad no es válida",
} as const;

/** Any rate-limited form over its allowance (HTTP 429). */
export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.";

/** The admin area's words (docs/requirements.md#admin-area), shared by its screens and the server's checks. */
export const ADMIN_MESSAGES = {
  forbidden: "No tienes permiso para realizar esta acción.",
  invalidRequest: "La solicitud no es válida.",
  /** A refused form's own message when its fields carry the messages. */
  checkFields: "Revisa los campos marcados.",
  // 'Descargar respaldo' (docs/architecture.md#backups): one backup at a time per shop.
  backupInProgress: "Ya se está generando un respaldo. Espera a que termine e inténtalo de nuevo.",
  // Products (docs/requirements.md#admin-area).
  productAdded: "Producto agregado exitosamente",
  productUpdated: "Producto actualizado exitosamente",
  productDeleted: "Producto eliminado exitosamente",
  productArchived: "El producto aparece en pedidos: se archivó (ya no se muestra en la tienda) en lugar de eliminarse.",
  addFailed: "Error al agregar producto",
  updateFailed: "Error al actualizar producto",
  deleteFailed: "Error al eliminar",
  loadFailed: "Error al cargar el producto",
  confirmDelete: "¿Eliminar este producto?",
  imagesRequiredOnAdd: "Debes agregar al menos una URL de imagen",
  imagesRequiredOnEdit: "Debes tener al menos una URL de imagen",
  tooManyImages: "Puedes agregar como máximo 5 imágenes",
  salePriceNotLower: "El precio de oferta debe ser menor al precio normal",
  // CSV import (docs/requirements.md#admin-area).
  csvRequired: "Por favor selecciona un archivo CSV",
  importFailed: "Error al importar productos",
  // Gallery (docs/requirements.md#admin-area).
  galleryLoadFailed: "Error al cargar las imágenes",
  imageUploaded: "Imagen subida exitosamente",
  imageUploadFailed: "Error al subir la imagen",
  imageDeleted: "Imagen eliminada exitosamente",
  imageDeleteFailed: "Error al eliminar la imagen",
  imageOnly: "Solo se permiten archivos de imagen",
  imageTooLarge: "La imagen no debe superar 5MB",
  imageMissing: "Selecciona una imagen primero",
  imageTooManyPixels: "La imagen es demasiado grande: el máximo es de 40 megapíxeles",
  confirmDeleteImage: "¿Estás seguro de eliminar esta imagen?",
  // Every admin page while a production shop runs on the sandbox payment provider.
  /** The sandbox warning's one line; its details (`sandboxInProduction`) open below it. */
  sandboxInProductionShort: "Pagos de prueba: ningún cobro es real.",
  /** Every admin page while the first start's generated password is the admin's (docs/requirements.md#accounts-and-sessions). */
  changeGeneratedPassword:
    "Cambia la contraseña que se generó al iniciar la tienda: se mostró una sola vez en el registro del servidor y cualquiera que lo lea puede entrar.",
  changeGeneratedPasswordLink: "Cambiar contraseña",
  sandboxInProduction:
    "Pagos en modo de prueba: la tienda usa el proveedor sandbox en producción, así que cualquiera puede aprobar un pago sin que se cobre nada. Configura Mercado Pago (PAYMENT_PROVIDER=mercadopago) antes de vender.",
} as const;

/** The CSV import's own texts (docs/requirements.md#admin-area); two more are in ADMIN_MESSAGES (csvRequired, importFailed). */
export const CSV_IMPORT_MESSAGES = {
  tooLarge: "El archivo no debe superar 5MB",
  empty: "El archivo está vacío",
  noRows: "El archivo no tiene filas de productos (solo el encabezado)",
  notUtf8: "El archivo no está en UTF-8: guárdalo como «CSV UTF-8 (delimitado por comas)» e inténtalo de nuevo",
  malformed: (line: number | null) =>
    `El archivo no es un CSV válido${line ? ` (revisa la línea ${line})` : ""}: cada campo con comas, comillas o saltos de línea debe ir entre comillas dobles`,
  missingColumns: (columns: readonly string[]) =>
    `Faltan columnas requeridas en el encabezado: ${columns.join(", ")}. Columnas requeridas: name, expansion, price, stock, rarity, type, images`,
  duplicateColumn: (column: string) => `La columna ${column} aparece más de una vez en el encabezado`,
  semicolonHint: "El archivo parece separado por punto y coma: las columnas deben ir separadas por comas.",
  columnCount: (found: number, expected: number) => `La fila tiene ${found} columnas y el encabezado ${expected}`,
  runNotFound: "No se encontró esa importación",
  previewExpired: "La vista previa ya no está disponible: vuelve a seleccionar el archivo",
} as const;
