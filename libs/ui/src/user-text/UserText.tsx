// Text a customer typed (a ticket's title, an integration's name) can carry Unicode's bidirectional
// formatting characters, which reorder what is shown around them: "invoice\u202Efdp.exe" reads as
// "invoiceexe.pdf". They have no business in such text, so where it is shown they are dropped.

/**
 * Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the implicit marks LRM,
 * RLM and ALM (U+200E, U+200F, U+061C).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `text` without bidirectional formatting characters: for strings (labels, toasts) built around it. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * User-written text as shown: without bidirectional formatting characters, and isolated in `<bdi>`
 * so its own direction (a right-to-left name) does not reorder the text around it.
 */
export function UserText({ children }: { children: string }) {
  return <bdi>{withoutBidiControls(children)}</bdi>;
}
