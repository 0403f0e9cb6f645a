import { HELP_CATEGORIES, type HelpCategoryId } from '@portal/help-center';
import { FilterButtons } from '../../components/FilterButtons';
import { HELP_CATEGORY_ICONS } from '../../content/help-center';

const OPTIONS = HELP_CATEGORIES.map(({ id, name }) => {
  const Icon = HELP_CATEGORY_ICONS[id];
  return { id, name, icon: <Icon aria-hidden /> };
});

/** The five help categories; the one shown is pressed (none while a search overrides them). */
export function HelpCategoryButtons({
  selected,
  onSelect,
}: {
  selected: HelpCategoryId | null;
  onSelect: (category: HelpCategoryId) => void;
}) {
  return <FilterButtons label="Help categories" options={OPTIONS} selected={selected} onSelect={onSelect} />;
}
