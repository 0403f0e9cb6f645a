import { CardGrid } from '../CardGrid';
import { IconBadge } from '../IconBadge';
import { Section } from '../Section';
import { CORE_VALUES } from '../../content/company';

export function CoreValues() {
  return (
    <Section eyebrow="How we work" title="Our core values">
      <CardGrid
        cards={CORE_VALUES.map(({ name, text, Icon }) => ({
          title: name,
          text,
          badge: <IconBadge Icon={Icon} />,
        }))}
        columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}
        gap={{ xs: 2, md: 3 }}
        framed
      />
    </Section>
  );
}
