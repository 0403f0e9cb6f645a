import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@portal/ui';
import { COMPANY_STATS } from '../../content/company';
import { outlinedSx } from '../grid-list';

/** The company's four headline figures in a row of tiles. */
export function CompanyStats() {
  return (
    <PageContainer component="section" aria-label="The company in numbers" sx={{ pb: { xs: 2, md: 4 } }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          gap: { xs: 2, md: 3 },
        }}
      >
        {COMPANY_STATS.map(({ value, label }) => (
          <Box
            key={label}
            sx={{
              p: { xs: 2.5, md: 3 },
              borderRadius: 4,
              ...outlinedSx,
              display: 'flex',
              flexDirection: 'column-reverse',
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, lineHeight: 1.1 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </PageContainer>
  );
}
