import { usePageTitle } from '@portal/ui';
import { BelowTheFold } from './BelowTheFold';
import { Hero } from './Hero';
import { MetricTiles } from './MetricTiles';

export function Home() {
  usePageTitle('Contact-center and AI-automation outsourcing');
  return (
    <>
      <Hero />
      <MetricTiles />
      <BelowTheFold />
    </>
  );
}
