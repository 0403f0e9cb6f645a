import Typography from '@mui/material/Typography';
import { PageContainer, RouteButton } from '@portal/ui';

/**
 * 'Article Not Found' for an unknown slug, in the look of the shell's 404 page (shell/src/chrome/NotFound):
 * 'Error 404' above the title, centred, and one button, here back to the blog.
 */
export function ArticleNotFound() {
  return (
    <PageContainer component="section" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <Typography variant="overline" color="primary" component="p">
        Error 404
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Article Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
        This article does not exist or has moved. Browse the blog for our latest articles.
      </Typography>
      <RouteButton href="/blog" variant="contained" size="large">
        ← Back to Blog
      </RouteButton>
    </PageContainer>
  );
}
