import { headingId, parseMarkup, parseSpans } from './parse-markup';

const plain = (text: string) => ({ text, kind: 'text' });
const strong = (text: string) => ({ text, kind: 'strong' });
const code = (text: string) => ({ text, kind: 'code' });

describe('parseMarkup', () => {
  it('reads ## as a heading and ### as a subheading, with anchor ids', () => {
    expect(parseMarkup('## Where the money goes\n### Labor costs')).toEqual([
      { type: 'heading', level: 2, text: 'Where the money goes', id: 'where-the-money-goes' },
      { type: 'heading', level: 3, text: 'Labor costs', id: 'labor-costs' },
    ]);
  });

  it('keeps heading ids unique on the page', () => {
    const ids = parseMarkup('## Summary\n## Summary\n### Summary').map((block) => 'id' in block && block.id);
    expect(ids).toEqual(['summary', 'summary-2', 'summary-3']);
  });

  it('does not make a page heading out of # or a heading out of ####', () => {
    expect(parseMarkup('# Title\n\n#### Deep')).toEqual([
      { type: 'paragraph', spans: [plain('# Title')] },
      { type: 'paragraph', spans: [plain('#### Deep')] },
    ]);
  });

  it('reads a line that is only bold as a highlighted line', () => {
    expect(parseMarkup('**Outsourcing saves up to 60%.**')).toEqual([
      { type: 'highlight', text: 'Outsourcing saves up to 60%.' },
    ]);
  });

  it('treats a line with bold and other text as a paragraph with a strong span', () => {
    expect(parseMarkup('**Tip:** start with nights and weekends')).toEqual([
      { type: 'paragraph', spans: [strong('Tip:'), plain(' start with nights and weekends')] },
    ]);
    expect(parseMarkup('**one** and **two**')).toEqual([
      { type: 'paragraph', spans: [strong('one'), plain(' and '), strong('two')] },
    ]);
  });

  it('groups consecutive dash lines into one list', () => {
    expect(parseMarkup('- First call resolution\n- **NPS** by channel\n\n- Next list')).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [[plain('First call resolution')], [strong('NPS'), plain(' by channel')]],
      },
      { type: 'list', ordered: false, items: [[plain('Next list')]] },
    ]);
  });

  it('reads numbered lines as steps: one ordered list', () => {
    expect(parseMarkup('1. Ask for a key\n2. List the agents\n\n- Not a step')).toEqual([
      { type: 'list', ordered: true, items: [[plain('Ask for a key')], [plain('List the agents')]] },
      { type: 'list', ordered: false, items: [[plain('Not a step')]] },
    ]);
  });

  it('reads text between backticks as code', () => {
    expect(parseMarkup('Call `GET /agents` with **your key** and `callback_url`')).toEqual([
      {
        type: 'paragraph',
        spans: [
          plain('Call '),
          code('GET /agents'),
          plain(' with '),
          strong('your key'),
          plain(' and '),
          code('callback_url'),
        ],
      },
    ]);
    expect(parseMarkup('A lone ` stays')).toEqual([{ type: 'paragraph', spans: [plain('A lone ` stays')] }]);
  });

  it('joins consecutive lines into one paragraph and splits on blank lines', () => {
    expect(parseMarkup('Line one\nline two\n\n\nNext paragraph')).toEqual([
      { type: 'paragraph', spans: [plain('Line one line two')] },
      { type: 'paragraph', spans: [plain('Next paragraph')] },
    ]);
  });

  it('ends a paragraph or list where another construct starts', () => {
    expect(parseMarkup('Intro\n- item\nAfter\n## Heading\nBody').map((block) => block.type)).toEqual([
      'paragraph',
      'list',
      'paragraph',
      'heading',
      'paragraph',
    ]);
  });

  it('accepts Windows line endings and indentation', () => {
    expect(parseMarkup('  ## Heading\r\n  - item\r\n')).toEqual([
      { type: 'heading', level: 2, text: 'Heading', id: 'heading' },
      { type: 'list', ordered: false, items: [[plain('item')]] },
    ]);
  });

  it('gives nothing for empty input', () => {
    expect(parseMarkup('')).toEqual([]);
    expect(parseMarkup('\n  \n')).toEqual([]);
  });

  it('keeps HTML as the text it is', () => {
    expect(parseMarkup('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', spans: [plain('<script>alert(1)</script>')] },
    ]);
  });
});

describe('parseSpans', () => {
  it('leaves an unmatched ** as written', () => {
    expect(parseSpans('2 ** 3 is eight')).toEqual([plain('2 ** 3 is eight')]);
    expect(parseSpans('****')).toEqual([plain('****')]);
  });
});

describe('headingId', () => {
  it('makes a readable anchor, never an empty one', () => {
    expect(headingId('Rate limits & headers')).toBe('rate-limits-headers');
    expect(headingId('¿¡!')).toBe('section');
  });
});
