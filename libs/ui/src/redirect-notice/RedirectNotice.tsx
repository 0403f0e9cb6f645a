import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS, type RedirectNoticeProps } from './lazy-redirect-notice';
import { usePageTitle } from '../seo/usePageMeta';

/** The notice behind the lazy `RedirectNotice` of lazy-redirect-notice.ts. */
export default function RedirectNotice({ title, message, to }: RedirectNoticeProps) {
  usePageTitle(title);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(to, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);
  return (
    <Box
      component="section"
      role="status"
      sx={{ px: 2, py: { xs: 10, md: 14 }, textAlign: 'center', maxWidth: 520, mx: 'auto' }}
    >
      <LockRounded color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {message}
      </Typography>
      {/* The second until the redirect, as a bar that fills (static under reduced motion). */}
      <Box
        aria-hidden
        sx={{
          maxWidth: 240,
          height: 4,
          mx: 'auto',
          borderRadius: 2,
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            height: '100%',
            bgcolor: 'primary.main',
            transformOrigin: 'left',
            animation: `redirect-fill ${REDIRECT_DELAY_MS}ms linear both`,
            '@keyframes redirect-fill': { from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } },
          }}
        />
      </Box>
    </Box>
  );
}
