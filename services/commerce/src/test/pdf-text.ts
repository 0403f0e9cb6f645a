import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as a reader's search finds it: each content stream inflated, the strings of its
 * text operators (pdfkit writes them as hex of WinAnsi codes) decoded and joined, one line per operator.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) continue;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes =
        operator[1] !== undefined
          ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1])
          : [operator[2]];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** How many pages the PDF has. */
export const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
