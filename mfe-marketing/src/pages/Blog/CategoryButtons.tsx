import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BLOG_CATEGORIES } from '../../content/blog/articles';
import { ALL_CATEGORIES, type CategoryFilter } from './blog-view';

const FILTERS: CategoryFilter[] = [ALL_CATEGORIES, ...BLOG_CATEGORIES];

/** 'All' and the six categories; the chosen one is pressed (aria-pressed). */
export function CategoryButtons({
  selected,
  onSelect,
}: {
  selected: CategoryFilter;
  onSelect: (category: CategoryFilter) => void;
}) {
  return (
    <Stack
      role="group"
      aria-label="Filter articles by category"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, mb: { xs: 4, md: 6 } }}
    >
      {FILTERS.map((category) => {
        const pressed = category === selected;
        return (
          <Button
            key={category}
            aria-pressed={pressed}
            variant={pressed ? 'contained' : 'outlined'}
            color={pressed ? 'primary' : 'inherit'}
            onClick={() => onSelect(category)}
            sx={{ borderRadius: 999, ...(!pressed && { borderColor: 'divider' }) }}
          >
            {category}
          </Button>
        );
      })}
    </Stack>
  );
}
