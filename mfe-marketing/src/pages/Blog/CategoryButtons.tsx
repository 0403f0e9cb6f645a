import { FilterButtons } from '../../components/FilterButtons';
import { BLOG_CATEGORIES } from '../../content/blog/articles';
import { ALL_CATEGORIES, type CategoryFilter } from './blog-view';

const CATEGORIES: CategoryFilter[] = [ALL_CATEGORIES, ...BLOG_CATEGORIES];
const FILTERS = CATEGORIES.map((category) => ({ id: category, name: category }));

/** 'All' and the six categories; the chosen one is pressed (aria-pressed). */
export function CategoryButtons({
  selected,
  onSelect,
}: {
  selected: CategoryFilter;
  onSelect: (category: CategoryFilter) => void;
}) {
  return (
    <FilterButtons
      label="Filter articles by category"
      options={FILTERS}
      selected={selected}
      onSelect={onSelect}
      mb={{ xs: 4, md: 6 }}
    />
  );
}
