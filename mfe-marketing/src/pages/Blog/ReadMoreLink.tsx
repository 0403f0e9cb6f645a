import ArrowForward from '@mui/icons-material/ArrowForwardRounded';
import { RouteLink } from '@portal/ui';
import type { Article } from '../../content/blog/articles';
import { VisuallyHidden } from '../../components/VisuallyHidden';

/** 'Read More' to the article; the title, hidden on screen, tells link lists which article it opens. */
export function ReadMoreLink({ article }: { article: Article }) {
  return (
    <RouteLink
      href={`/blog/${article.slug}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      Read More
      <VisuallyHidden>{` about ${article.title}`}</VisuallyHidden>
      <ArrowForward aria-hidden fontSize="small" />
    </RouteLink>
  );
}
