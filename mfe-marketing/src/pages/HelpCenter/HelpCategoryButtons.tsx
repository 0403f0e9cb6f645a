import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { HELP_CATEGORIES, type HelpCategoryId } from '../../content/help-center';

/** The five help categories; the one shown is pressed (none while a search overrides them). */
export function HelpCategoryButtons({
  selected,
  onSelect,
}: {
  selected: HelpCategoryId | null;
  onSelect: (category: HelpCategoryId) => void;
}) {
  return (
    <Stack role="group" aria-label="Help categories" direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {HELP_CATEGORIES.map(({ id, name, Icon }) => {
        const pressed = id === selected;
        return (
          <Button
            key={id}
            aria-pressed={pressed}
            variant={pressed ? 'contained' : 'outlined'}
            color={pressed ? 'primary' : 'inherit'}
            startIcon={<Icon aria-hidden />}
            onClick={() => onSelect(id)}
            sx={{ borderRadius: 999, ...(!pressed && { borderColor: 'divider' }) }}
          >
            {name}
          </Button>
        );
      })}
    </Stack>
  );
}
