import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface SettingsPanelProps {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  /** The danger zone (Delete my account) is outlined in the error colour. */
  tone?: 'default' | 'danger';
}

/** One part of the Settings tab: a titled, outlined section (h3 under the tab's h2). */
export function SettingsPanel({ title, description, icon, children, tone = 'default' }: SettingsPanelProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        minWidth: 0,
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: tone === 'danger' ? 'error.main' : 'divider',
        borderRadius: 4,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2.5 }}>
        <Box
          aria-hidden
          sx={{
            display: 'flex',
            color: tone === 'danger' ? 'error.main' : 'secondary.main',
            mt: 0.25,
            '& svg': { fontSize: 26 },
          }}
        >
          {icon}
        </Box>
        <div>
          <Typography id={headingId} variant="h5" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        </div>
      </Box>
      {children}
    </Box>
  );
}
