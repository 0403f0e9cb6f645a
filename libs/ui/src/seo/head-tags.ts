import { BRAND_NAME } from '../brand';

/** The share picture of every page (1200×630) and the square logo, at the root of the shell's build. */
const SHARE_IMAGE_PATH = '/og-image.png';
export const LOGO_PATH = '/logo.png';

/** What a page tells search engines and link previews about itself. */
export interface PageMeta {
  /** The page's name: `<title>` becomes '<title> | Millstone CX'; `og:title` is the name alone. */
  title: string;
  /** `<meta name="description">` and `og:description`: 120–160 characters, specific to the page. */
  description: string;
  /** The page's own path, made absolute for the canonical link and `og:url`. */
  path: string;
  /** Keeps the page out of search results (sign-in, checkout, dashboard). */
  noindex?: boolean;
  /** `og:type`; default 'website'. */
  type?: 'website' | 'article';
  /** schema.org objects, each written as an `application/ld+json` script while the page is shown. */
  structuredData?: readonly object[];
}

/** A value of the head: the document title ('title') or the tag a selector names, and its text. */
type HeadValue = [selector: string, value: string];

const TITLE = 'title';
const CANONICAL = 'link[rel="canonical"]';
const OG_URL = 'meta[property="og:url"]';
const ROBOTS = 'meta[name="robots"]';
const named = (name: string) => `meta[name="${name}"]`;
// Open Graph names its tags with `property` (twitter:* use `name`).
const openGraph = (property: string) => `meta[property="${property}"]`;

const valueAttribute = (element: Element) => (element.tagName === 'LINK' ? 'href' : 'content');

function read(selector: string): string | null {
  // A prerendered page's tag carries the shell's default it replaced (tools/prerender/prerender.mjs).
  const prerenderedDefault = document.head.querySelector(selector)?.getAttribute('data-default');
  if (prerenderedDefault != null) return prerenderedDefault;
  if (selector === TITLE) return document.title;
  const element = document.head.querySelector(selector);
  return element && element.getAttribute(valueAttribute(element));
}

/** A tag a page has written is the page's: no longer the prerendered copy's (see `read`). */
function adopt(element: Element | null): void {
  element?.removeAttribute('data-prerendered');
  element?.removeAttribute('data-default');
}

function write(selector: string, value: string | null): void {
  if (selector === TITLE) {
    document.title = value ?? '';
    adopt(document.head.querySelector(TITLE));
    return;
  }
  let element = document.head.querySelector(selector);
  adopt(element);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    // 'meta[name="description"]' → <meta name="description">
    const [, tagName, attribute, name] = /^(\w+)\[(\w+)="(.+)"\]$/.exec(selector) ?? [];
    element = document.createElement(tagName);
    element.setAttribute(attribute, name);
    document.head.append(element);
  }
  element.setAttribute(valueAttribute(element), value);
}

// These describe one address, so no page inherits them: they go when their page does.
const perAddress = [CANONICAL, OG_URL, ROBOTS];
/** What each value was before any page set it (the shell's index.html), to put back when pages go. */
const firstPaint = new Map<string, string | null>();
/** Which page last set each value: a page that goes only undoes what is still its own. */
const owners = new Map<string, number>();
let lastOwner = 0;

/** Writes `values` and `structuredData` into the head; the returned function takes them back. */
function claimHead(values: HeadValue[], structuredData: readonly object[] = []): () => void {
  const owner = ++lastOwner;
  for (const [selector, value] of values) {
    if (!firstPaint.has(selector)) {
      firstPaint.set(selector, perAddress.includes(selector) ? null : read(selector));
    }
    owners.set(selector, owner);
    write(selector, value);
  }
  // A prerendered page's structured data gives way to the page's own (or to none).
  for (const script of document.head.querySelectorAll(
    'script[type="application/ld+json"][data-prerendered]',
  )) {
    script.remove();
  }
  const scripts = structuredData.map((data) => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    // `<` escaped so the text can never close its script element once serialized to HTML.
    script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
    document.head.append(script);
    return script;
  });
  return () => {
    for (const [selector] of values) {
      if (owners.get(selector) !== owner) continue;
      owners.delete(selector);
      write(selector, firstPaint.get(selector) ?? null);
    }
    for (const script of scripts) script.remove();
  };
}

/** Sets the page's title, description, canonical link, Open Graph and Twitter tags, and structured data. */
export function applyPageMeta(page: PageMeta): () => void {
  const { origin } = window.location;
  const url = new URL(page.path, origin).href;
  const values: HeadValue[] = [
    [TITLE, `${page.title} | ${BRAND_NAME}`],
    [named('description'), page.description],
    [CANONICAL, url],
    [openGraph('og:site_name'), BRAND_NAME],
    [openGraph('og:type'), page.type ?? 'website'],
    [openGraph('og:title'), page.title],
    [openGraph('og:description'), page.description],
    [OG_URL, url],
    [openGraph('og:image'), origin + SHARE_IMAGE_PATH],
    [named('twitter:card'), 'summary_large_image'],
  ];
  if (page.noindex) values.push([ROBOTS, 'noindex']);
  return claimHead(values, page.structuredData);
}

/** Sets only the title (and `og:title`): states that are not pages of their own, such as a 404. */
export function applyPageTitle(title: string): () => void {
  return claimHead([
    [TITLE, `${title} | ${BRAND_NAME}`],
    [openGraph('og:title'), title],
  ]);
}
