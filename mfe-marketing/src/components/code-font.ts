/** The monospace stack of code samples and inline code (system fonts: nothing to download). */
export const CODE_FONT_FAMILY =
  "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";
