import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/CloseRounded';
import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import { ApplicationForm, type ApplicationSent } from './ApplicationForm';

export interface ApplicationDialogProps {
  open: boolean;
  role: string;
  roles: readonly string[];
  onClose: () => void;
}

/** The confirmation, said to screen readers as it appears; Close is focused to leave at once. */
function ApplicationReceived({ sent, onClose }: { sent: ApplicationSent; onClose: () => void }) {
  return (
    <Box role="status" sx={{ textAlign: 'center', pb: 1 }}>
      <CheckCircleIcon aria-hidden sx={{ fontSize: 56, color: 'success.main', mb: 2 }} />
      <DialogContentText sx={{ mb: 1.5 }}>
        Thank you, {sent.name}. Your application for {sent.role} and your CV ({sent.cvName}) have reached our
        recruiting team.
      </DialogContentText>
      <DialogContentText sx={{ mb: 3 }}>
        We read every application and will reply by email within 5 working days.
      </DialogContentText>
      <Button variant="contained" onClick={onClose} autoFocus>
        Close
      </Button>
    </Box>
  );
}

/**
 * 'Apply Now' on a position: the application form, then its confirmation. A full-screen sheet on
 * phones. MUI's Dialog traps focus inside, closes on Escape and gives focus back to the opener.
 */
export default function ApplicationDialog({ open, role, roles, onClose }: ApplicationDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sent, setSent] = useState<ApplicationSent | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} component="h2" variant="h3" sx={{ pr: 7 }}>
        {sent ? 'Application received' : 'Apply for a role'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {sent ? (
          <ApplicationReceived sent={sent} onClose={onClose} />
        ) : (
          <>
            <DialogContentText sx={{ mb: 3 }}>
              Tell us who you are and where you are based, and attach your CV. Our recruiting team reads every
              application.
            </DialogContentText>
            <ApplicationForm role={role} roles={roles} onSent={setSent} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
