import Box from '@mui/material/Box';
import { ARTICLE_IMAGE_SIZE, type Article } from '../../content/blog/articles';

export interface ArticleImageProps {
  article: Article;
  /** Above the fold: load at once instead of when scrolled near. */
  eager?: boolean;
  /** From medium screens, fill the height of its grid cell (cropping the sides) instead of keeping its ratio. */
  fillHeight?: boolean;
}

/** An article's illustration at the width of its container, its space reserved before it loads. */
export function ArticleImage({ article, eager = false, fillHeight = false }: ArticleImageProps) {
  return (
    <Box
      component="img"
      src={article.image}
      alt={article.imageAlt}
      width={ARTICLE_IMAGE_SIZE.width}
      height={ARTICLE_IMAGE_SIZE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{
        display: 'block',
        width: '100%',
        height: fillHeight ? { xs: 'auto', md: '100%' } : 'auto',
        aspectRatio: fillHeight ? { xs: '1200 / 630', md: 'auto' } : '1200 / 630',
        objectFit: 'cover',
        bgcolor: 'background.paper',
      }}
    />
  );
}
