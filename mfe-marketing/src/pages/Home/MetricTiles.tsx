import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@portal/ui';
import { IconBadge } from '../../components/IconBadge';
import { METRICS } from '../../content/metrics';

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
            // panelSx's values, written out: these tiles are in the home page's first chunk, and importing
            // grid-list would bring that whole module into the first visit.
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
            <IconBadge Icon={Icon} />
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
