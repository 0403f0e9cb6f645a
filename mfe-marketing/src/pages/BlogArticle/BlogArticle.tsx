import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { articlePath } from '@portal/contracts';
import { useParams } from 'react-router-dom';
import { PageContainer, RouteButton, RouteLink, usePageMeta } from '@portal/ui';
import { findArticle } from '../../content/blog/articles';
import { ARTICLE_NOT_FOUND_TEXT } from '../../content/page-text';
import { Markup } from '../../markup/Markup';
import { ArticleImage } from '../Blog/ArticleImage';
import { ArticleMeta } from '../Blog/ArticleMeta';
import { articleMeta } from '../../seo/article-meta';
import { ArticleNotFound } from './ArticleNotFound';

function BackToBlog() {
  return (
    <RouteLink href="/blog" variant="body2" sx={{ display: 'inline-block', mb: 4, fontWeight: 600 }}>
      ← Back to Blog
    </RouteLink>
  );
}

function ReadyToGetStarted() {
  return (
    <Box
      component="aside"
      aria-labelledby="ready-to-get-started"
      sx={{
        mt: { xs: 6, md: 8 },
        p: { xs: 3, md: 5 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        background: 'linear-gradient(135deg, rgba(255, 106, 61, 0.12), rgba(45, 212, 191, 0.08))',
      }}
    >
      <Typography id="ready-to-get-started" variant="h3" component="h2" sx={{ mb: 1.5 }}>
        Ready to Get Started?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 600 }}>
        See what these ideas are worth for your business. Book a free consultation and we will build a plan
        around your volumes, your channels and your goals.
      </Typography>
      <RouteButton href="/contact" variant="contained" size="large">
        Schedule a Consultation
      </RouteButton>
    </Box>
  );
}

/** /blog/{slug}: the article, or 'Article Not Found' for an unknown slug. */
export default function BlogArticle() {
  const { slug = '' } = useParams();
  const article = findArticle(slug);
  usePageMeta(
    article
      ? articleMeta(article, window.location.origin)
      : { ...ARTICLE_NOT_FOUND_TEXT, path: articlePath(slug), noindex: true },
  );

  if (!article) return <ArticleNotFound />;

  return (
    <PageContainer component="article" sx={{ pt: { xs: 5, md: 8 }, pb: { xs: 8, md: 12 }, maxWidth: 840 }}>
      <BackToBlog />
      <Chip
        label={article.category}
        color="secondary"
        variant="outlined"
        size="small"
        sx={{ display: 'flex', width: 'fit-content', mb: 2 }}
      />
      <Typography variant="h1" sx={{ mb: 2.5, fontSize: 'clamp(2rem, 1.4rem + 2.4vw, 3rem)' }}>
        {article.title}
      </Typography>
      <ArticleMeta article={article} withRole />
      <Box
        sx={{ my: { xs: 4, md: 5 }, borderRadius: 4, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      >
        <ArticleImage article={article} eager />
      </Box>
      <Box sx={{ '& p, & li': { fontSize: '1.0625rem', lineHeight: 1.75 } }}>
        <Markup source={article.content} />
      </Box>
      <ReadyToGetStarted />
    </PageContainer>
  );
}
