type Rgba = [red: number, green: number, blue: number, alpha: number];

/** Reads '#RRGGBB', 'rgb(r, g, b)' or 'rgba(r, g, b, a)', the forms a theme and a browser give. */
function parseColour(colour: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1) as Rgba;
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(colour.trim());
  if (!rgb) throw new Error(`Unreadable colour: ${colour}`);
  const [red, green, blue, alpha = 1] = rgb[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return [red, green, blue, alpha];
}

/** A translucent colour as it shows over an opaque one. */
function over(foreground: Rgba, background: Rgba): Rgba {
  const alpha = foreground[3];
  return [0, 1, 2].map((i) => foreground[i] * alpha + background[i] * (1 - alpha)).concat(1) as Rgba;
}

/** WCAG 2 relative luminance. */
function luminance([red, green, blue]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/**
 * WCAG 2 contrast ratio of a text colour on a background, either of which may be translucent:
 * a translucent background is first laid over `backdrop` (the page or card behind it).
 */
export function contrastRatio(foreground: string, background: string, backdrop = '#000000'): number {
  const back = over(parseColour(background), parseColour(backdrop));
  const [lighter, darker] = [luminance(over(parseColour(foreground), back)), luminance(back)].sort(
    (a, b) => b - a,
  );
  return (lighter + 0.05) / (darker + 0.05);
}
