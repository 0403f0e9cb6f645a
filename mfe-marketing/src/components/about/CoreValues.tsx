import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconBadge } from '../IconBadge';
import { Section } from '../Section';
import { CORE_VALUES } from '../../content/company';

export function CoreValues() {
  return (
    <Section eyebrow="How we work" title="Our core values">
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          gap: { xs: 2, md: 3 },
        }}
      >
        {CORE_VALUES.map(({ name, text, Icon }) => (
          <Box
            component="li"
            key={name}
            sx={{ p: 3, borderRadius: 4, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
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
