import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Article } from '../../content/blog/articles';
import { ArticleImage } from './ArticleImage';
import { ArticleMeta } from './ArticleMeta';
import { ReadMoreLink } from './ReadMoreLink';
import { outlinedSx } from '../../components/grid-list';

/** The newest article, shown large above the grid under 'All'. */
export function FeaturedArticle({ article }: { article: Article }) {
  return (
    <Box
      component="article"
      aria-labelledby="featured-article-title"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
        borderRadius: 4,
        ...outlinedSx,
        overflow: 'hidden',
        mb: { xs: 6, md: 8 },
      }}
    >
      <ArticleImage article={article} eager fillHeight />
      <Stack spacing={2} sx={{ p: { xs: 3, md: 5 }, justifyContent: 'center' }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Chip label="Featured" color="primary" size="small" />
          <Chip label={article.category} color="secondary" variant="outlined" size="small" />
        </Stack>
        <Typography id="featured-article-title" variant="h3" component="h2">
          {article.title}
        </Typography>
        <Typography color="text.secondary">{article.excerpt}</Typography>
        <ArticleMeta article={article} />
        <ReadMoreLink article={article} />
      </Stack>
    </Box>
  );
}
