import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Article } from '../../content/blog/articles';

/** The room between two details; the '·' is drawn in its middle. */
const SEPARATOR = '1.25em';

/**
 * Author (with their role on the article page), date and read time, separated by dots.
 * Each dot is drawn before its detail, inside the gap, and the row is shifted left by one gap in a
 * clipping box: the dot of a detail that wraps to the start of a line falls in the clipped margin,
 * so no line ever starts with a '·'. The dots are CSS, with empty alternative text, so screen
 * readers and copied text get the details alone.
 */
export function ArticleMeta({ article, withRole = false }: { article: Article; withRole?: boolean }) {
  return (
    <Box sx={{ overflow: 'hidden', color: 'text.secondary', typography: 'body2' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          rowGap: 0.5,
          ml: `-${SEPARATOR}`,
          '& > span::before': {
            content: '"·" / ""',
            display: 'inline-block',
            width: SEPARATOR,
            textAlign: 'center',
          },
        }}
      >
        <span>
          <Typography variant="body2" component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {article.author}
          </Typography>
          {withRole && `, ${article.authorRole}`}
        </span>
        <span>{article.date}</span>
        <span>{article.readTime}</span>
      </Box>
    </Box>
  );
}
