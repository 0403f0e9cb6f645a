import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Article } from '../../content/blog/articles';

/** Author (with their role on the article page), date and read time, separated by dots. */
export function ArticleMeta({ article, withRole = false }: { article: Article; withRole?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, color: 'text.secondary', typography: 'body2' }}
    >
      <span>
        <Typography variant="body2" component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {article.author}
        </Typography>
        {withRole && `, ${article.authorRole}`}
      </span>
      <span aria-hidden>·</span>
      <span>{article.date}</span>
      <span aria-hidden>·</span>
      <span>{article.readTime}</span>
    </Stack>
  );
}
