import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Savings from '@mui/icons-material/SavingsRounded';
import Bolt from '@mui/icons-material/BoltRounded';
import ThumbUp from '@mui/icons-material/ThumbUpRounded';
import TaskAlt from '@mui/icons-material/TaskAltRounded';
import SmartToy from '@mui/icons-material/SmartToyRounded';
import SupportAgent from '@mui/icons-material/SupportAgentRounded';
import { PageContainer } from '@portal/ui';

interface Metric {
  value: string;
  label: string;
  context: string;
  Icon: ComponentType<SvgIconProps>;
}

/** The six results of the home page (spec section 2). */
export const METRICS: Metric[] = [
  {
    value: '60%',
    label: 'Cost reduction',
    context: 'versus running the same coverage in-house',
    Icon: Savings,
  },
  {
    value: '-35s',
    label: 'Faster resolution',
    context: 'shorter average handle time per contact',
    Icon: Bolt,
  },
  { value: '+28%', label: 'NPS increase', context: 'within the first six months', Icon: ThumbUp },
  {
    value: '97%',
    label: 'First-call resolution',
    context: 'issues solved without a callback',
    Icon: TaskAlt,
  },
  { value: '85%', label: 'Automation rate', context: 'routine requests handled by AI', Icon: SmartToy },
  {
    value: '24/7',
    label: 'Coverage',
    context: 'every day of the year, holidays included',
    Icon: SupportAgent,
  },
];

export function MetricTiles() {
  return (
    <PageContainer component="section" aria-labelledby="metrics-title" sx={{ pb: { xs: 6, md: 8 } }}>
      <Typography id="metrics-title" variant="h2" sx={{ mb: { xs: 3, md: 5 }, maxWidth: 720 }}>
        Results our clients measure
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          gap: { xs: 2, md: 3 },
        }}
      >
        {METRICS.map(({ value, label, context, Icon }) => (
          <Box
            component="li"
            key={label}
            sx={{
              p: 3,
              borderRadius: 4,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              display: 'flex',
              gap: 2,
              alignItems: 'flex-start',
              transition: 'border-color 160ms, transform 160ms',
              '&:hover': { borderColor: 'secondary.main', transform: 'translateY(-2px)' },
            }}
          >
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 48,
                height: 48,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(45, 212, 191, 0.12)',
                color: 'secondary.main',
              }}
            >
              <Icon />
            </Box>
            <div>
              <Typography
                component="p"
                sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.1, letterSpacing: '-0.02em' }}
              >
                {value}
              </Typography>
              <Typography component="p" sx={{ fontWeight: 650, mt: 0.5 }}>
                {label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {context}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </PageContainer>
  );
}
