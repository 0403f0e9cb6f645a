import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** The service lines of the account and their state. */
const SERVICES = [
  { name: 'Inbound Contact Center', status: 'Active' },
  { name: 'Outbound Sales', status: 'Active' },
  { name: 'AI Automation', status: 'Setup Required' },
];

export function ServiceStatus() {
  return (
    <>
      <Typography id="service-status-title" variant="h4" component="h2" sx={{ mt: 5, mb: 2 }}>
        Service Status
      </Typography>
      <Box
        component="ul"
        aria-labelledby="service-status-title"
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
