import { usePageMeta } from '@portal/ui';
import { HOME_PAGE_TEXT } from '../../content/home-page-text';
import { organizationData } from '../../seo/organization';
import { BelowTheFold } from './BelowTheFold';
import { Hero } from './Hero';
import { MetricTiles } from './MetricTiles';

export function Home() {
  usePageMeta({ ...HOME_PAGE_TEXT, path: '/', structuredData: [organizationData(window.location.origin)] });
  return (
    <>
      <Hero />
      <MetricTiles />
      <BelowTheFold />
    </>
  );
}
