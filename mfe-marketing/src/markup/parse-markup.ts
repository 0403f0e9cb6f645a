/** A run of text inside a paragraph or list item; `strong` for text written between `**`. */
export interface TextSpan {
  text: string;
  strong: boolean;
}

export type MarkupBlock =
  | { type: 'heading'; level: 2 | 3; text: string; id: string }
  | { type: 'highlight'; text: string }
  | { type: 'list'; items: TextSpan[][] }
  | { type: 'paragraph'; spans: TextSpan[] };

const HEADING = /^(#{2,3}) +(.+)$/;
const LIST_ITEM = /^- +(.+)$/;
// A line that is only bold: `**` at both ends and none inside.
const HIGHLIGHT = /^\*\*((?:(?!\*\*).)+)\*\*$/;
const STRONG = /\*\*((?:(?!\*\*).)+)\*\*/g;

/** `**bold**` inside a line becomes a strong span; an unmatched `**` stays as written. */
export function parseSpans(line: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let last = 0;
  for (const match of line.matchAll(STRONG)) {
    if (match.index > last) spans.push({ text: line.slice(last, match.index), strong: false });
    spans.push({ text: match[1] ?? '', strong: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), strong: false });
  return spans;
}

/** An anchor id from a heading ('Rate limits & headers' → 'rate-limits-headers'). */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/**
 * The content's simple markup as a typed block list: `## heading`, `### subheading`,
 * a line that is only `**bold**` (a highlighted line), `- ` list items (consecutive lines form one
 * list) and paragraphs (consecutive lines joined, ended by a blank line or another construct).
 * Text is never interpreted as HTML: the renderer prints it as text.
 */
export function parseMarkup(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  const usedIds = new Map<string, number>();
  let paragraph: string[] = [];
  let list: TextSpan[][] = [];

  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', spans: parseSpans(paragraph.join(' ')) });
    if (list.length) blocks.push({ type: 'list', items: list });
    paragraph = [];
    list = [];
  };
  const uniqueId = (text: string) => {
    const id = headingId(text);
    const seen = usedIds.get(id) ?? 0;
    usedIds.set(id, seen + 1);
    return seen ? `${id}-${seen + 1}` : id;
  };

  for (const rawLine of source.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    const heading = HEADING.exec(line);
    const listItem = LIST_ITEM.exec(line);
    const highlight = HIGHLIGHT.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const text = (heading[2] ?? '').trim();
      blocks.push({ type: 'heading', level: heading[1] === '##' ? 2 : 3, text, id: uniqueId(text) });
    } else if (highlight) {
      flush();
      blocks.push({ type: 'highlight', text: (highlight[1] ?? '').trim() });
    } else if (listItem) {
      if (paragraph.length) flush();
      list.push(parseSpans(listItem[1] ?? ''));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
