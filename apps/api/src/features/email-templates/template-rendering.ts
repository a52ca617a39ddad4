import type { FieldError } from '@portal/shared/common';
import {
  BADGE_QR_PLACEHOLDER,
  EMAIL_TEMPLATE_REQUIRED_PLACEHOLDER,
  placeholderNames,
  type EmailTemplatePurpose,
  type RenderedEmail,
} from '@portal/shared/email-templates';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

export type TemplateParts = { subject: string; htmlBody: string; textBody?: string | null };

// Anything between double braces counts, so that `{{ first name }}` is reported rather than sent.
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** One error per part and unknown placeholder, naming it, for a 400's details. */
export function unknownPlaceholders(purpose: EmailTemplatePurpose, parts: TemplateParts): FieldError[] {
  const known = new Set(placeholderNames(purpose));
  const errors: FieldError[] = [];
  for (const field of ['subject', 'htmlBody', 'textBody'] as const) {
    for (const name of placeholdersIn(parts[field] ?? '')) {
      if (!known.has(name)) errors.push({ field, message: `Unknown placeholder {{${name}}}` });
    }
  }
  return errors;
}

/** One error per body that lacks the placeholder its purpose requires (the link the mail carries). */
export function missingPlaceholders(purpose: EmailTemplatePurpose, parts: TemplateParts): FieldError[] {
  const required = EMAIL_TEMPLATE_REQUIRED_PLACEHOLDER[purpose];
  if (!required) return [];
  const bodies = parts.textBody ? (['htmlBody', 'textBody'] as const) : (['htmlBody'] as const);
  return bodies
    .filter((field) => !placeholdersIn(parts[field] ?? '').includes(required))
    .map((field) => ({ field, message: `Use {{${required}}}: a mail of this purpose is of no use without it` }));
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'border', 'cellpadding', 'cellspacing', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // cid: names an image the mail carries itself (the badge's QR code).
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Mail-safe HTML: no scripts, event handlers or `javascript:` links. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `markup` holds HTML this module built itself for a placeholder (the QR image); every other value
 * goes through `encode`.
 */
function fill(
  text: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string,
  markup: Readonly<Record<string, string>> = {},
): string {
  return text.replace(PLACEHOLDER, (_match, name: string) =>
    Object.hasOwn(markup, name) ? markup[name]! : Object.hasOwn(values, name) ? encode(values[name]!) : '',
  );
}

/**
 * The badge's QR code for `{{badgeQr}}`: the image's address (`cid:` and the Content-ID of the
 * mail's inline part, or a `data:` URL in a preview) and the badge code it encodes.
 */
export type BadgeQrImage = { src: string; code: string };

/** Pixels the QR image takes in a mail: large enough to scan from a phone's screen. */
const QR_IMAGE_PIXELS = 200;

const qrImageTag = (qr: BadgeQrImage) =>
  `<img src="${escapeHtml(qr.src)}" alt="${escapeHtml(`QR code of badge ${qr.code}`)}" width="${QR_IMAGE_PIXELS}" height="${QR_IMAGE_PIXELS}">`;

/** The plain-text part of an HTML body: paragraphs and `<br>` become line breaks, links keep their address. */
export function textFromHtml(html: string): string {
  return convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] }).trim();
}

/**
 * Fills a template. Values are escaped in the HTML part, and the result is sanitised again, so
 * neither a template stored before a rule changed nor a value can bring in script. The text part
 * is the template's own text body when it has one, else derived from the HTML. `{{badgeQr}}` is
 * the only placeholder that becomes markup, an image tag built here from `qr` (its address and
 * code escaped); a value named `badgeQr` is ignored. Elsewhere, and in the HTML without `qr`, it
 * reads as the badge code.
 */
export function renderTemplate(parts: TemplateParts, values: Readonly<Record<string, string>>, qr?: BadgeQrImage): RenderedEmail {
  const filled: Record<string, string> = { ...values };
  delete filled[BADGE_QR_PLACEHOLDER];
  if (qr) filled[BADGE_QR_PLACEHOLDER] = qr.code;
  const htmlOf = (markup: Record<string, string>) => sanitizeTemplateHtml(fill(parts.htmlBody, filled, escapeHtml, markup));
  const subject = fill(parts.subject, filled, (value) => value.replace(/[\r\n]+/g, ' ')).trim();
  const html = htmlOf(qr ? { [BADGE_QR_PLACEHOLDER]: qrImageTag(qr) } : {});
  // Derived from the HTML, the text part reads the code where the image stands.
  const text = parts.textBody
    ? fill(parts.textBody, filled, (value) => value).replace(/\r\n?/g, '\n')
    : textFromHtml(qr ? htmlOf({}) : html);
  return { subject, html, text };
}
