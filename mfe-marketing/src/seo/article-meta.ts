import { articlePath, isoDate } from '@portal/contracts';
import type { PageMeta } from '@portal/ui';
import type { Article } from '../content/blog/articles';
import { publisher } from './organization';

/** An article's head tags: its title and description, `og:type` article and schema.org Article data. */
export function articleMeta(article: Article, origin: string): PageMeta {
  const url = `${origin}${articlePath(article.slug)}`;
  return {
    title: article.title,
    description: article.description,
    path: articlePath(article.slug),
    type: 'article',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.description,
        image: [new URL(article.image, origin).href],
        author: { '@type': 'Person', name: article.author, jobTitle: article.authorRole },
        datePublished: isoDate(article.date),
        articleSection: article.category,
        mainEntityOfPage: url,
        publisher: publisher(origin),
      },
    ],
  };
}
