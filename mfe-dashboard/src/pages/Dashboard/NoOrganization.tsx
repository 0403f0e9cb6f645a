import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GroupOffRounded from '@mui/icons-material/GroupOffRounded';
import { teamMessages } from '@portal/contracts';
import { signOut, useAppDispatch } from '@portal/store';

/**
 * A customer who belongs to no organization any more (removed from their only one, or left it): the
 * dashboard has nothing of an organization to show; a new invitation brings them back.
 */
export function NoOrganization() {
  const dispatch = useAppDispatch();
  return (
    <Box
      component="section"
      sx={{ px: 2, py: { xs: 10, md: 14 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}
    >
      <GroupOffRounded color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        No organization
      </Typography>
      <Typography role="status" color="text.secondary" sx={{ mb: 4 }}>
        {teamMessages.noOrganization} Ask an owner or admin of your organization for a new invitation.
      </Typography>
      <Button variant="outlined" color="inherit" onClick={() => void dispatch(signOut())}>
        Sign Out
      </Button>
    </Box>
  );
}
