import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

const CARDS = [
  { label: 'Total Orders', context: 'Total spent appears with your first order' },
  { label: 'Active Integrations', context: 'Connect a CRM or dialer to start' },
  { label: 'Calls Today', context: 'Leads generated appear with your first calls' },
  { label: 'Open Tickets', context: 'Support requests you have open' },
];

/** Spec section 2: the service lines of the account and their state. */
const SERVICES = [
  { name: 'Inbound Contact Center', status: 'Active' },
  { name: 'Outbound Sales', status: 'Active' },
  { name: 'AI Automation', status: 'Setup Required' },
];

export function Overview() {
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          gap: 2,
        }}
      >
        {CARDS.map(({ label, context }) => (
          <Box
            key={label}
            sx={{ p: 2.5, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              sx={{ fontSize: '1.75rem', fontWeight: 800, my: 0.5 }}
              aria-label={`${label}: no data yet`}
            >
              —
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {context}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="h4" component="h2" sx={{ mt: 5, mb: 2 }}>
        Service Status
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 3 }}
      >
        {SERVICES.map(({ name, status }, index) => (
          <Box
            component="li"
            key={name}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 2,
              px: 2.5,
              py: 2,
              borderTop: index ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            <Typography>{name}</Typography>
            <Chip
              label={status}
              size="small"
              color={status === 'Active' ? 'success' : 'warning'}
              variant="outlined"
            />
          </Box>
        ))}
      </Box>
    </>
  );
}
