import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Article } from '../../content/blog/articles';
import { ArticleImage } from './ArticleImage';
import { ArticleMeta } from './ArticleMeta';
import { ReadMoreLink } from './ReadMoreLink';

/** A card of the article grid: image, category, title, excerpt, meta and 'Read More'. */
export function ArticleCard({ article }: { article: Article }) {
  return (
    <Card
      component="article"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'border-color 160ms, transform 160ms',
        '&:hover': { borderColor: 'secondary.main', transform: 'translateY(-2px)' },
      }}
    >
      <ArticleImage article={article} />
      <CardContent sx={{ p: 3, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Chip
          label={article.category}
          color="secondary"
          variant="outlined"
          size="small"
          sx={{ alignSelf: 'flex-start' }}
        />
        <Typography variant="h5" component="h3">
          {article.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {article.excerpt}
        </Typography>
        <ArticleMeta article={article} />
        <ReadMoreLink article={article} />
      </CardContent>
    </Card>
  );
}
