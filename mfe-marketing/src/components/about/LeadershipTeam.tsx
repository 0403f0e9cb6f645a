import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { InitialsAvatar } from '../InitialsAvatar';
import { Section } from '../Section';
import { LEADERSHIP_TEAM } from '../../content/company';
import { gridListSx, panelSx } from '../grid-list';

export function LeadershipTeam() {
  return (
    <Section
      eyebrow="Leadership"
      title="The team accountable for your customers"
      lead="Every client has a direct line to our leadership team in Millstone, New Jersey."
    >
      <Box component="ul" sx={gridListSx({ xs: '1fr', md: 'repeat(3, 1fr)' }, { xs: 2, md: 3 })}>
        {LEADERSHIP_TEAM.map(({ name, role, bio }) => (
          <Box component="li" key={name} sx={panelSx}>
            <InitialsAvatar name={name} size={80} />
            <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="primary.light" sx={{ fontWeight: 600 }}>
              {role}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {bio}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
