import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CODE_FONT_FAMILY } from '../components/code-font';
import { parseMarkup, type MarkupBlock, type TextSpan } from './parse-markup';

function Span({ span }: { span: TextSpan }) {
  switch (span.kind) {
    case 'strong':
      return (
        <Box component="strong" sx={{ color: 'text.primary', fontWeight: 700 }}>
          {span.text}
        </Box>
      );
    case 'code':
      return (
        <Box
          component="code"
          sx={{
            fontFamily: CODE_FONT_FAMILY,
            fontSize: '0.9em',
            color: 'text.primary',
            px: 0.5,
            borderRadius: 1,
            bgcolor: 'rgba(255, 255, 255, 0.06)',
            overflowWrap: 'anywhere',
          }}
        >
          {span.text}
        </Box>
      );
    case 'text':
      return span.text;
  }
}

function Spans({ spans }: { spans: TextSpan[] }) {
  return spans.map((span, index) => <Span span={span} key={index} />);
}

function Block({ block }: { block: MarkupBlock }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <Typography id={block.id} component="h2" variant="h3" sx={{ mt: 6, mb: 2, scrollMarginTop: 96 }}>
          {block.text}
        </Typography>
      ) : (
        <Typography id={block.id} component="h3" variant="h5" sx={{ mt: 4, mb: 1.5, scrollMarginTop: 96 }}>
          {block.text}
        </Typography>
      );
    case 'highlight':
      return (
        <Typography
          sx={{
            my: 3,
            px: 2.5,
            py: 2,
            borderLeft: 4,
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'rgba(255, 106, 61, 0.08)',
            color: 'text.primary',
            fontWeight: 700,
            fontSize: '1.0625rem',
          }}
        >
          {block.text}
        </Typography>
      );
    case 'list':
      return (
        <Box
          component={block.ordered ? 'ol' : 'ul'}
          sx={{ my: 2, pl: 3, '& li + li': { mt: 1 }, '& li::marker': { color: 'secondary.main' } }}
        >
          {block.items.map((item, index) => (
            <Typography component="li" key={index} color="text.secondary">
              <Spans spans={item} />
            </Typography>
          ))}
        </Box>
      );
    case 'paragraph':
      return (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          <Spans spans={block.spans} />
        </Typography>
      );
  }
}

/** Renders the content markup (see `parseMarkup`) as headings, highlighted lines, lists and paragraphs. */
export function Markup({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkup(source), [source]);
  return (
    <div>
      {blocks.map((block, index) => (
        <Block block={block} key={index} />
      ))}
    </div>
  );
}
