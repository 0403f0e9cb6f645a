import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EmailSignupForm } from '../../components/EmailSignupForm';
import { useSubscribeToStatusMutation } from './status-api';

/** zod arrives when the visitor starts on the form, not with the page. */
const loadSchema = () =>
  import('@portal/contracts').then((contracts) => contracts.statusSubscribeRequestSchema);

/** Incident mails: the address gets a confirmation link first (double opt-in), then one mail per incident change. */
export function SubscribeForm() {
  const headingId = useId();
  const [subscribe] = useSubscribeToStatusMutation();

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 3, border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h2" sx={{ typography: 'h4', mb: 1 }}>
        Get incident updates by email
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        We email you when an incident is opened, updated and resolved. You confirm the address first, and
        every email has a link to unsubscribe.
      </Typography>
      <EmailSignupForm loadSchema={loadSchema} send={(request) => subscribe(request).unwrap()} />
    </Box>
  );
}
