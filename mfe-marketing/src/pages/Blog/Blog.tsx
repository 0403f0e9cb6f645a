import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer, RouteButton } from '@portal/ui';
import { ARTICLES } from '../../content/blog/articles';
import { NewsletterBox } from '../../components/NewsletterBox';
import { PageIntro } from '../../components/PageIntro';
import { ArticleCard } from './ArticleCard';
import { CategoryButtons } from './CategoryButtons';
import { FeaturedArticle } from './FeaturedArticle';
import { useSearchParam } from '../../address/use-search-param';
import { ALL_CATEGORIES, blogView, categoryFilter } from './blog-view';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

/**
 * /blog: categories, the featured article under 'All', the article grid, newsletter and next steps.
 * The category is in the address (`?category=`), so a filtered list can be shared and Back undoes it.
 */
export default function Blog() {
  usePublicPageMeta('/blog');
  const [categoryParam, setCategoryParam] = useSearchParam('category');
  const category = categoryFilter(categoryParam);
  const { featured, heading, grid } = blogView(ARTICLES, category);

  return (
    <>
      <PageIntro eyebrow="Blog" title="Insights for customer-service leaders">
        Practical articles on cost optimization, AI technology, customer experience and growing a support
        operation, from the people who run one every day.
      </PageIntro>
      <PageContainer sx={{ pb: { xs: 8, md: 12 } }}>
        <CategoryButtons
          selected={category}
          onSelect={(chosen) => setCategoryParam(chosen === ALL_CATEGORIES ? null : chosen)}
        />
        {featured && <FeaturedArticle article={featured} />}
        <Box component="section" aria-labelledby="article-grid-heading">
          <Typography id="article-grid-heading" variant="h2" sx={{ mb: { xs: 3, md: 4 } }}>
            {heading}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              gap: { xs: 3, md: 4 },
            }}
          >
            {grid.map((article) => (
              <ArticleCard key={article.slug} article={article} />
            ))}
          </Box>
        </Box>
        <Box sx={{ mt: { xs: 8, md: 12 } }}>
          <NewsletterBox />
        </Box>
        <Box
          component="section"
          aria-labelledby="blog-next-steps"
          sx={{ mt: { xs: 8, md: 12 }, textAlign: 'center' }}
        >
          <Typography id="blog-next-steps" variant="h2" sx={{ mb: 1.5 }}>
            Put these ideas to work
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 620, mx: 'auto', mb: 4 }}>
            Talk to our team about your support volumes and goals. We reply within 24 hours with a plan and a
            custom quote.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
            <RouteButton href="/contact" variant="contained" size="large">
              Get Started Today
            </RouteButton>
            <RouteButton href="/pricing" variant="outlined" size="large">
              View Our Services
            </RouteButton>
          </Stack>
        </Box>
      </PageContainer>
    </>
  );
}
