import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

/** Sets `document.title` to `<page> | <brand>` while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
