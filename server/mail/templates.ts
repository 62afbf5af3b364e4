/**
 * The shop's e-mails, as pure functions from their data to subject, HTML and
 * plain text. Every message goes through one layout (`renderMail`): the shop's
 * name in the header and footer, table-based markup with inline styles (what
 * mail clients render), and a body made of blocks that each render to both the
 * HTML and the plain-text part, so the two never drift apart and every
 * interpolated value is escaped in exactly one place.
 */
import { formatDateTime } from "#domain/dates.ts";
import { SHOP } from "#domain/shop.ts";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One piece of a message body. */
export type MailBlock =
  | { kind: "paragraph"; text: string }
  /** A call to action: a button, plus the bare URL for clients that hide buttons. */
  | { kind: "button"; label: string; url: string }
  /** Secondary text (validity, "ignore this if…"), smaller and muted. */
  | { kind: "note"; text: string }
  /** A quiet link in secondary text (an unsubscribe link): `text` then the linked `label`. */
  | { kind: "link"; text: string; label: string; url: string }
  /**
   * A table of text cells (an order's lines, its totals): `head` names the
   * columns, `rows` are the body, `foot` rows are summary lines (the last one in
   * bold, the total). `align` per column, left by default.
   */
  | { kind: "table"; head?: string[]; rows: string[][]; foot?: string[][]; align?: Array<"left" | "right"> };

export interface MailContent {
  subject: string;
  /** The line inbox lists show beside the subject (hidden in the body). */
  preheader: string;
  heading: string;
  blocks: MailBlock[];
}

const COLORS = { ink: "#1b1f2a", soft: "#4a5263", canvas: "#f4f5f8", line: "#d9dde5", brand: "#1d3557", primary: "#1f5fbf" };
const FONT = "font-family:Arial,Helvetica,sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Links in mail point at web pages only; anything else is a bug in the caller. */
function webUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`A mail link must be an http(s) URL, got: ${url.slice(0, 40)}`);
  return url;
}

type TableBlock = Extract<MailBlock, { kind: "table" }>;

function tableHtml(block: TableBlock): string {
  const align = (i: number) => block.align?.[i] ?? "left";
  const cell = (tag: "th" | "td", value: string, i: number, style: string) =>
    `<${tag} align="${align(i)}" style="padding:8px 6px;text-align:${align(i)};${style}">${escapeHtml(value)}</${tag}>`;
  const head = block.head
    ? `<thead><tr>${block.head.map((v, i) => cell("th", v, i, `font-size:13px;color:${COLORS.soft};border-bottom:2px solid ${COLORS.line}`)).join("")}</tr></thead>`
    : "";
  const body = block.rows
    .map(
      (row) =>
        `<tr>${row.map((v, i) => cell("td", v, i, `font-size:15px;color:${COLORS.ink};border-bottom:1px solid ${COLORS.line}`)).join("")}</tr>`,
    )
    .join("");
  const foot = (block.foot ?? [])
    .map((row, r, all) => {
      const last = r === all.length - 1;
      const style = `font-size:15px;color:${COLORS.ink}${last ? ";font-weight:bold;border-top:2px solid " + COLORS.line : ""}`;
      return `<tr>${row.map((v, i) => cell("td", v, i, style)).join("")}</tr>`;
    })
    .join("");
  return (
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 20px;border-collapse:collapse;${FONT}">` +
    `${head}<tbody>${body}</tbody>${foot ? `<tfoot>${foot}</tfoot>` : ""}</table>`
  );
}

/** The table as plain text: columns padded to their widest cell, right-aligned where asked. */
function tableText(block: TableBlock): string {
  const all = [...(block.head ? [block.head] : []), ...block.rows, ...(block.foot ?? [])];
  const columns = Math.max(0, ...all.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(0, ...all.map((row) => [...(row[i] ?? "")].length)));
  const line = (row: string[]) =>
    row
      .map((v, i) => {
        const pad = " ".repeat(Math.max(0, (widths[i] ?? 0) - [...v].length));
        return (block.align?.[i] ?? "left") === "right" ? pad + v : v + pad;
      })
      .join("  ")
      .trimEnd();
  const rule = "-".repeat(widths.reduce((sum, w) => sum + w, 0) + 2 * Math.max(0, columns - 1));
  return [
    ...(block.head ? [line(block.head), rule] : []),
    ...block.rows.map(line),
    ...(block.foot?.length ? [rule, ...block.foot.map(line)] : []),
  ].join("\n");
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case "table":
      return tableHtml(block);
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${COLORS.ink}">${escapeHtml(block.text)}</p>`;
    case "note":
      return `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${COLORS.soft}">${escapeHtml(block.text)}</p>`;
    case "link":
      return (
        `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${COLORS.soft}">${escapeHtml(block.text)} ` +
        `<a href="${escapeHtml(webUrl(block.url))}" style="color:${COLORS.primary}">${escapeHtml(block.label)}</a></p>`
      );
    case "button": {
      const href = escapeHtml(webUrl(block.url));
      return (
        `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr>` +
        `<td style="border-radius:8px;background:${COLORS.primary}">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${COLORS.soft}">Si el botón no funciona, copia y pega este enlace en tu navegador:<br>` +
        `<a href="${href}" style="color:${COLORS.primary};word-break:break-all">${href}</a></p>`
      );
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "table":
      return tableText(block);
    case "paragraph":
    case "note":
      return block.text;
    case "button":
      return `${block.label}:\n${webUrl(block.url)}`;
    case "link":
      return `${block.text} ${block.label}:\n${webUrl(block.url)}`;
  }
}

/** The shop's mail layout: header, heading, body blocks, footer; HTML and plain text. */
export function renderMail(content: MailContent): RenderedMail {
  const html = `<!DOCTYPE html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.canvas}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:${COLORS.canvas}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:10px;${FONT}">
<tr><td style="background:${COLORS.brand};border-radius:10px 10px 0 0;padding:20px 24px;${FONT};font-size:22px;font-weight:bold;color:#ffffff">${escapeHtml(SHOP.name)}</td></tr>
<tr><td style="padding:28px 24px 12px;${FONT}">
<h1 style="margin:0 0 20px;font-size:22px;line-height:28px;color:${COLORS.ink}">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="border-top:1px solid ${COLORS.line};padding:16px 24px;${FONT};font-size:13px;line-height:20px;color:${COLORS.soft}">
${escapeHtml(SHOP.name)} · ${escapeHtml(SHOP.city)}<br>
¿Dudas? Escríbenos a <a href="mailto:${escapeHtml(SHOP.email)}" style="color:${COLORS.primary}">${escapeHtml(SHOP.email)}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = [
    SHOP.name,
    "",
    content.heading,
    "",
    ...content.blocks.flatMap((block) => [blockText(block), ""]),
    "--",
    `${SHOP.name} · ${SHOP.city}`,
    `¿Dudas? Escríbenos a ${SHOP.email}`,
    "",
  ].join("\n");
  return { subject: content.subject, html, text };
}

/** Spanish password-reset e-mail: greets the user, gives the link (valid 1 hour, single use). */
export function passwordResetMail(input: { name: string; resetUrl: string }): RenderedMail {
  const name = input.name.trim();
  return renderMail({
    subject: `Restablece tu contraseña - ${SHOP.name}`,
    preheader: "Usa este enlace para crear una nueva contraseña. Es válido durante 1 hora.",
    heading: "Restablece tu contraseña",
    blocks: [
      {
        kind: "paragraph",
        text: `${name ? `Hola ${name}` : "Hola"}, recibimos una solicitud para restablecer la contraseña de tu cuenta. Haz clic en el siguiente enlace para crear una nueva contraseña:`,
      },
      { kind: "button", label: "Crear nueva contraseña", url: input.resetUrl },
      { kind: "note", text: "Este enlace es válido durante 1 hora y solo puede usarse una vez." },
      { kind: "note", text: "Si no solicitaste este cambio, ignora este correo; tu contraseña no cambiará." },
    ],
  });
}

/**
 * An address shown only in part: the first and last letters of the name before
 * the @, the domain whole ("ana.lopez@gmail.com" → "a***z@gmail.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * Spanish notice to the OLD address that the account's e-mail was changed: to
 * which address (masked), when (es-MX, Mexico City), and what to do if it was
 * not the customer. Sent because whoever holds the account's e-mail can reset
 * its password.
 */
export function emailChangedMail(input: { name: string; newEmail: string; changedAt: Date }): RenderedMail {
  const name = input.name.trim();
  const masked = maskEmail(input.newEmail);
  return renderMail({
    subject: `Se cambió el correo de tu cuenta - ${SHOP.name}`,
    preheader: `El correo de tu cuenta ahora es ${masked}.`,
    heading: "Cambiamos el correo de tu cuenta",
    blocks: [
      {
        kind: "paragraph",
        text: `${name ? `Hola ${name}` : "Hola"}, el correo electrónico de tu cuenta en ${SHOP.name} se cambió a ${masked} el ${formatDateTime(input.changedAt)} (hora del centro de México).`,
      },
      {
        kind: "paragraph",
        text: "Desde ahora inicias sesión con el correo nuevo, y los avisos de tu cuenta y de tus pedidos llegarán ahí. Te escribimos a esta dirección para que sepas del cambio.",
      },
      {
        kind: "paragraph",
        text: `Si no fuiste tú, alguien pudo haber entrado a tu cuenta: escríbenos de inmediato a ${SHOP.email} desde este correo para recuperarla y proteger tus datos.`,
      },
      { kind: "note", text: "Si fuiste tú, no tienes que hacer nada." },
    ],
  });
}

/**
 * 'Avísame cuando vuelva' answered (docs/requirements.md#wishlist-and-back-in-stock-alerts): the
 * product is back, in which condition and language and at what price, a button to its page with
 * that variant chosen, and the one-click link that cancels every waiting alert of the address.
 */
export function backInStockMail(input: {
  productName: string;
  expansion: string;
  cardNumber: string | null;
  variantLabel: string;
  priceText: string;
  productUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const card = `${input.productName}${input.cardNumber ? ` (${input.cardNumber})` : ""}`;
  return renderMail({
    subject: `Ya tenemos ${input.productName} de nuevo - ${SHOP.name}`,
    preheader: `${card} de ${input.expansion} volvió: ${input.variantLabel}, ${input.priceText}.`,
    heading: `Ya tenemos ${input.productName} de nuevo`,
    blocks: [
      {
        kind: "paragraph",
        text: `Nos pediste que te avisáramos: ${card} de ${input.expansion} ya está disponible otra vez.`,
      },
      {
        kind: "table",
        rows: [
          ["Condición e idioma", input.variantLabel],
          ["Precio", input.priceText],
        ],
        align: ["left", "right"],
      },
      { kind: "paragraph", text: "Las piezas son pocas y se venden a quien compra primero." },
      { kind: "button", label: "Ver el producto", url: input.productUrl },
      {
        kind: "note",
        text: "Este aviso se envía una sola vez. Si se agota de nuevo y quieres saberlo, pide otro aviso en la página del producto.",
      },
      {
        kind: "link",
        text: "¿No quieres más avisos de disponibilidad?",
        label: "Cancelar todos mis avisos",
        url: input.unsubscribeUrl,
      },
    ],
  });
}

/**
 * 'Confirma tu aviso': a guest asked for 'Avísame cuando vuelva' with this address. Names the
 * product (and copy), gives the one link that turns the alert on (valid `days` days, once), and
 * says that without it nothing more is sent.
 */
export function stockAlertConfirmMail(input: { itemName: string; confirmUrl: string; days: number }): RenderedMail {
  return renderMail({
    subject: `Confirma tu aviso - ${SHOP.name}`,
    preheader: `Confirma que quieres saber cuando vuelva ${input.itemName}.`,
    heading: "Confirma tu aviso",
    blocks: [
      {
        kind: "paragraph",
        text: `Alguien pidió con este correo que le avisemos cuando vuelva ${input.itemName}. Si fuiste tú, confirma tu aviso:`,
      },
      { kind: "button", label: "Confirmar mi aviso", url: input.confirmUrl },
      { kind: "note", text: `Este enlace es válido durante ${input.days} días y solo puede usarse una vez.` },
      { kind: "note", text: "Si no lo pediste, ignora este correo: sin confirmar no te escribiremos." },
    ],
  });
}
