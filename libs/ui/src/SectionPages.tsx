import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from './PageLoading';

export interface SectionPagesProps<Path extends string> {
  /** The section's row of the route table. */
  paths: readonly Path[];
  /** The page drawn at each path. */
  page: (path: Path) => ReactNode;
}

/**
 * A section's routes: one per path of its row in the route table, the loading placeholder while a
 * page's code loads, and nothing on another section's path (single-spa is about to unmount this one).
 */
export function SectionPages<Path extends string>({ paths, page }: SectionPagesProps<Path>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {paths.map((path) => (
          <Route key={path} path={path} element={page(path)} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
