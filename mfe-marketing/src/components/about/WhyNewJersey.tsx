import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Section } from '../Section';
import { WHY_NEW_JERSEY } from '../../content/company';
import { gridListSx } from '../grid-list';

export function WhyNewJersey() {
  return (
    <Section eyebrow="Millstone, New Jersey" title="Why New Jersey" lead={WHY_NEW_JERSEY.lead}>
      <Box component="ul" sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)' }, { xs: 2.5, md: 4 })}>
        {WHY_NEW_JERSEY.points.map(({ title, text }) => (
          <Box component="li" key={title} sx={{ pl: 2.5, borderLeft: 3, borderColor: 'secondary.main' }}>
            <Typography variant="h4" component="h3">
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
