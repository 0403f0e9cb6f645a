import { usePageMeta } from '@portal/ui';
import { PAGE_TEXT } from '../content/page-text';

/** The head tags of a public page of the section (its title and description from `PAGE_TEXT`). */
export function usePublicPageMeta(path: keyof typeof PAGE_TEXT): void {
  usePageMeta({ ...PAGE_TEXT[path], path });
}
