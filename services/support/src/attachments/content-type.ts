import type { AttachmentMediaType } from '@portal/contracts';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/** Control characters a plain text file does not hold (tab, line feed, form feed and carriage return it may). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/**
 * Markup a browser would run or render if the file were ever shown inline: an HTML or SVG document,
 * a script. A text file holding it is refused rather than stored as "text/plain".
 */
const MARKUP =
  /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml|img|a\s)/i;

/**
 * What an upload is, told from its bytes only (ADR 0186): a PNG, JPEG, GIF or WebP image, a PDF, or
 * plain UTF-8 text without markup; null for anything else (an HTML page named `.png`, an SVG, an
 * executable, a ZIP). The name and the browser's type are never consulted.
 */
export function attachmentTypeOf(bytes: Uint8Array): AttachmentMediaType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return isPlainText(bytes) ? 'text/plain' : null;
}

function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !CONTROL.test(text) && !MARKUP.test(text);
}
