import Typography from '@mui/material/Typography';
import { PageContainer, RouteButton, usePageTitle } from '@portal/ui';

/** Shown for any path outside the route table. */
export function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <PageContainer sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <Typography variant="overline" color="primary" component="p">
        Error 404
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
        The page you are looking for does not exist or has moved. Head back to the home page to find what you
        need.
      </Typography>
      <RouteButton href="/" variant="contained" size="large">
        Back to home
      </RouteButton>
    </PageContainer>
  );
}
