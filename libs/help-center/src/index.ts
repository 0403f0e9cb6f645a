export {
  FIRST_HELP_CATEGORY,
  HELP_ARTICLE_IDS,
  HELP_ARTICLES,
  HELP_CATEGORIES,
  HELP_CATEGORY_IDS,
  helpArticleById,
} from './articles';
export type { HelpArticle, HelpCategory, HelpCategoryId } from './articles';
export { MAX_SUGGESTED_ARTICLES, searchArticles, suggestArticles } from './search';
