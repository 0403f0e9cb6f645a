import { useParams } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PageContainer, RouteLink, usePageTitle } from '@portal/ui';
import { findArticle } from './articles';

/** /blog/{slug}: the article, or 'Article Not Found' for an unknown slug (spec section 2). */
export default function BlogArticle() {
  const article = findArticle(useParams().slug);
  usePageTitle(article ? article.title : 'Article Not Found');
  return (
    <PageContainer component="article" sx={{ pt: { xs: 7, md: 12 }, pb: { xs: 6, md: 10 }, maxWidth: 840 }}>
      <RouteLink href="/blog" variant="body2" sx={{ display: 'inline-block', mb: 4 }}>
        ← Back to Blog
      </RouteLink>
      {article ? (
        <>
          <Chip label={article.category} color="secondary" variant="outlined" size="small" sx={{ mb: 2 }} />
          <Typography variant="h1" sx={{ mb: 2.5 }}>
            {article.title}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            {article.excerpt}
          </Typography>
        </>
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 2 }}>
            Article Not Found
          </Typography>
          <Typography color="text.secondary">
            This article does not exist or has moved. Browse the blog for our latest articles.
          </Typography>
        </>
      )}
    </PageContainer>
  );
}
