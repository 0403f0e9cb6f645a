import { HELP_ARTICLES, HELP_CATEGORIES, type HelpArticle } from './articles';

/**
 * The help center's search: the text (spaces around it ignored) as a case-insensitive substring of
 * an article's question or answer, in every category (spec section 4). Blank text matches nothing.
 */
export function searchArticles(articles: readonly HelpArticle[], text: string): HelpArticle[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return articles.filter(
    (article) =>
      article.question.toLowerCase().includes(needle) || article.answer.toLowerCase().includes(needle),
  );
}

/** At most this many articles are suggested under a new ticket's title. */
export const MAX_SUGGESTED_ARTICLES = 3;

/** Words that say nothing about what a ticket is about. */
const STOP_WORDS = new Set(
  (
    'a about after all also am an and any are as at be been but by can cannot cant could did do does doesnt dont ' +
    'for from get gets getting got has have having hello help hi how i if im in into is isnt issue it its me my ' +
    'need no not of on or our please problem question so some than that the their them then there these they ' +
    'this to too up us was we were what when where which who why will with wont work working would you your'
  ).split(' '),
);

/** Lower case, accents and apostrophes dropped, split into words. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** A crude English stem, enough for "invoices"/"invoice", "integrations"/"integrate", "billing"/"bill". */
function stem(word: string): string {
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ies', 'es', 'ed', 's']) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' ? `${base}y` : base;
    }
  }
  return word;
}

/** The distinct stems of a text's meaningful words (three letters or more, not a stop word). */
const terms = (text: string): string[] => [
  ...new Set(
    words(text)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
      .map(stem),
  ),
];

interface Indexed {
  article: HelpArticle;
  /** Stems of the question and the category's name: a hit here is worth three in the answer. */
  title: string[];
  body: string[];
}

const CATEGORY_NAMES = new Map(HELP_CATEGORIES.map(({ id, name }) => [id, name]));

const index = (article: HelpArticle): Indexed => ({
  article,
  title: terms(`${article.question} ${CATEGORY_NAMES.get(article.category) ?? ''}`),
  body: terms(article.answer),
});

const INDEX = new WeakMap<readonly HelpArticle[], Indexed[]>();

function indexOf(articles: readonly HelpArticle[]): Indexed[] {
  let indexed = INDEX.get(articles);
  if (!indexed) {
    indexed = articles.map(index);
    INDEX.set(articles, indexed);
  }
  return indexed;
}

/** A term of the title typed matches a word that starts with it ("integr" while typing "integration"). */
const hits = (stems: string[], term: string) =>
  stems.some((each) => each.startsWith(term) || (term.startsWith(each) && each.length >= 4));

/**
 * The articles that may answer a ticket whose title is `title`, best first, at most three: each
 * meaningful word of the title found in an article's question (or its category's name) counts 3, in
 * its answer 1; an article needs 2 or more (one word of its question, or two of its answer) to be
 * suggested. Equal scores keep the help center's order. A title of stop words only suggests nothing.
 */
export function suggestArticles(
  title: string,
  articles: readonly HelpArticle[] = HELP_ARTICLES,
  limit: number = MAX_SUGGESTED_ARTICLES,
): HelpArticle[] {
  const wanted = terms(title);
  if (!wanted.length) return [];
  return indexOf(articles)
    .map(({ article, title: heading, body }, position) => ({
      article,
      position,
      score: wanted.reduce((sum, term) => sum + (hits(heading, term) ? 3 : hits(body, term) ? 1 : 0), 0),
    }))
    .filter(({ score }) => score >= 2)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .map(({ article }) => article);
}
