import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconBadge } from '../IconBadge';
import { Section } from '../Section';
import { CORE_VALUES } from '../../content/company';
import { gridListSx, panelSx } from '../grid-list';

export function CoreValues() {
  return (
    <Section eyebrow="How we work" title="Our core values">
      <Box
        component="ul"
        sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, { xs: 2, md: 3 })}
      >
        {CORE_VALUES.map(({ name, text, Icon }) => (
          <Box component="li" key={name} sx={panelSx}>
            <IconBadge Icon={Icon} />
            <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
