import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { openQuoteDialog, useAppDispatch } from '@portal/store';
import { RouteButton } from '@portal/ui';
import { SUPPORT_CHANNELS } from '../../content/help-center';
import { IconBadge } from '../../components/IconBadge';
import { gridListSx } from '../../components/grid-list';

/** 'Still Need Help?': contact, a call booked through the quote dialog, and the support channels. */
export function StillNeedHelp() {
  const dispatch = useAppDispatch();
  return (
    <Box
      component="section"
      aria-labelledby="still-need-help"
      sx={{
        p: { xs: 3, md: 6 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        background: 'linear-gradient(135deg, rgba(45, 212, 191, 0.1), rgba(255, 106, 61, 0.08))',
      }}
    >
      <Typography id="still-need-help" variant="h2" sx={{ mb: 1.5 }}>
        Still Need Help?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 620 }}>
        Our support team is here around the clock. Send us a message, or book a call at a time that suits you.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: { xs: 4, md: 5 } }}>
        <RouteButton href="/contact" variant="contained" size="large">
          Contact Support
        </RouteButton>
        <Button
          variant="outlined"
          size="large"
          onClick={() => dispatch(openQuoteDialog('Help Center: I would like to schedule a support call.'))}
        >
          Schedule a Call
        </Button>
      </Stack>
      <Box
        component="ul"
        aria-label="Support channels"
        sx={gridListSx({ xs: '1fr', md: 'repeat(3, 1fr)' }, 2)}
      >
        {SUPPORT_CHANNELS.map(({ title, availability, description, Icon }) => (
          <Box
            component="li"
            key={title}
            sx={{ display: 'flex', gap: 2, p: 2.5, borderRadius: 3, bgcolor: 'background.paper' }}
          >
            <IconBadge Icon={Icon} />
            <div>
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'secondary.main', fontWeight: 650, mb: 0.5 }}>
                {availability}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
