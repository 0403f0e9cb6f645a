import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MailOutline from '@mui/icons-material/MailOutlineRounded';
import { EmailSignupForm } from './EmailSignupForm';
import { useSubscribeToNewsletter } from './newsletter-api';

/** zod arrives when the visitor starts on the form (or submits it), not with the blog page. */
const loadSchema = () => import('@portal/contracts').then((contracts) => contracts.newsletterRequestSchema);

/** The blog's newsletter sign-up: checks the address, sends it, and shows what the server said. */
export function NewsletterBox() {
  const subscribeToNewsletter = useSubscribeToNewsletter();
  const headingId = useId();

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 3, md: 6 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        background: 'linear-gradient(135deg, rgba(45, 212, 191, 0.12), rgba(255, 106, 61, 0.08))',
        textAlign: 'center',
      }}
    >
      <MailOutline aria-hidden sx={{ fontSize: 40, color: 'secondary.main', mb: 1 }} />
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        Get our insights in your inbox
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        One email a month with our newest articles on support costs, AI automation and customer experience.
      </Typography>
      <EmailSignupForm loadSchema={loadSchema} send={subscribeToNewsletter} maxWidth={520} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
        No spam, unsubscribe at any time. We respect your privacy.
      </Typography>
    </Box>
  );
}
