import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { IntegrationsSummary, Order } from '@portal/contracts';
import { OutlinedList } from '../../../components/OutlinedList';
import { paidServices } from './overview-stats';

export interface ServiceStatusProps {
  orders: readonly Order[];
  integrations: IntegrationsSummary | undefined;
}

/**
 * The services the customer paid for. They run through the customer's CRM or dialer, so each is
 * 'Active' once an integration is connected and 'Setup Required' until then.
 */
export function ServiceStatus({ orders, integrations }: ServiceStatusProps) {
  const services = paidServices(orders);
  // Until the integrations are known (or when they could not be loaded), no status is claimed.
  const status = integrations && (integrations.active > 0 ? 'Active' : 'Setup Required');
  return (
    <>
      <Typography id="service-status-title" variant="h4" component="h2" sx={{ mt: 5, mb: 2 }}>
        Service Status
      </Typography>
      {services.length === 0 ? (
        <Typography color="text.secondary">No service is active yet.</Typography>
      ) : (
        <OutlinedList labelledBy="service-status-title">
          {services.map(({ packageId, name }) => (
            <Box
              component="li"
              key={packageId}
              sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}
            >
              <Typography>{name}</Typography>
              {status && (
                <Chip
                  label={status}
                  size="small"
                  color={status === 'Active' ? 'success' : 'warning'}
                  variant="outlined"
                />
              )}
            </Box>
          ))}
        </OutlinedList>
      )}
    </>
  );
}
