import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Flag from '@mui/icons-material/FlagRounded';
import Visibility from '@mui/icons-material/VisibilityRounded';
import { IconBadge } from '../IconBadge';
import { Section } from '../Section';
import { MISSION, VISION } from '../../content/company';
import { outlinedSx } from '../grid-list';

const STATEMENTS = [
  { title: 'Our mission', text: MISSION, Icon: Flag },
  { title: 'Our vision', text: VISION, Icon: Visibility },
];

export function MissionVision() {
  return (
    <Section eyebrow="What drives us" title="Great service should not be a luxury">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 2, md: 3 } }}>
        {STATEMENTS.map(({ title, text, Icon }) => (
          <Box
            key={title}
            sx={{
              p: { xs: 3, md: 4 },
              borderRadius: 4,
              ...outlinedSx,
            }}
          >
            <IconBadge Icon={Icon} tone="accent" />
            <Typography variant="h3" sx={{ mt: 2.5 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
