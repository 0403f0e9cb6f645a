/** A run of text inside a paragraph or list item: `strong` between `**`, `code` between backticks. */
export interface TextSpan {
  text: string;
  kind: 'text' | 'strong' | 'code';
}

export type MarkupBlock =
  | { type: 'heading'; level: 2 | 3; text: string; id: string }
  | { type: 'highlight'; text: string }
  | { type: 'list'; ordered: boolean; items: TextSpan[][] }
  | { type: 'paragraph'; spans: TextSpan[] };

const HEADING = /^(#{2,3}) +(.+)$/;
const LIST_ITEM = /^- +(.+)$/;
const NUMBERED_ITEM = /^\d+\. +(.+)$/;
// A line that is only bold: `**` at both ends and none inside.
const HIGHLIGHT = /^\*\*((?:(?!\*\*).)+)\*\*$/;
const STRONG_OR_CODE = /\*\*((?:(?!\*\*).)+)\*\*|`([^`]+)`/g;

/**
 * `**bold**` inside a line becomes a strong span, `` `code` `` a code span; an unmatched `**` or
 * backtick stays as written.
 */
export function parseSpans(line: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let last = 0;
  for (const match of line.matchAll(STRONG_OR_CODE)) {
    if (match.index > last) spans.push({ text: line.slice(last, match.index), kind: 'text' });
    spans.push(
      match[2] === undefined ? { text: match[1] ?? '', kind: 'strong' } : { text: match[2], kind: 'code' },
    );
    last = match.index + match[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), kind: 'text' });
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
 * a line that is only `**bold**` (a highlighted line), `- ` list items and `1. ` numbered items
 * (consecutive lines of one kind form one list) and paragraphs (consecutive lines joined, ended by a blank line or another construct).
 * Text is never interpreted as HTML: the renderer prints it as text.
 */
export function parseMarkup(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  const usedIds = new Map<string, number>();
  let paragraph: string[] = [];
  let list: TextSpan[][] = [];
  let ordered = false;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', spans: parseSpans(paragraph.join(' ')) });
    if (list.length) blocks.push({ type: 'list', ordered, items: list });
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
    const bullet = LIST_ITEM.exec(line);
    const numbered = NUMBERED_ITEM.exec(line);
    const listItem = bullet ?? numbered;
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
      if (paragraph.length || (list.length && ordered !== Boolean(numbered))) flush();
      ordered = Boolean(numbered);
      list.push(parseSpans(listItem[1] ?? ''));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
