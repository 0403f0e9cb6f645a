import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/CloseRounded';
import { ContactForm, ScheduleCallButton } from '@portal/leads';
import { selectQuoteDialogSubject, useAppSelector } from '@portal/store';

export interface QuoteDialogViewProps {
  open: boolean;
  onClose: () => void;
}

/** What the visitor asked about starts the message, with room to add their needs below it. */
const messageAbout = (subject: string | null) => (subject ? `${subject}\n\n` : '');

/**
 * The quote dialog: the contact form (a quote request is a contact message) and, for those who
 * would rather talk, the scheduling widget's booking popup (or the contact page without it).
 * MUI's Dialog traps focus inside, closes on Escape and gives focus back to the opener. On phones it
 * is a full-screen sheet: the form gets the whole screen and the page behind does not show around it.
 */
export default function QuoteDialogView({ open, onClose }: QuoteDialogViewProps) {
  const subject = useAppSelector(selectQuoteDialogSubject);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      // The sheet keeps its title and close button in view while the form scrolls.
      scroll={phone ? 'paper' : 'body'}
      aria-labelledby="quote-dialog-title"
      aria-describedby="quote-dialog-description"
    >
      <DialogTitle id="quote-dialog-title" component="h2" variant="h3" sx={{ pr: 7 }}>
        Get a Quote
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <DialogContentText id="quote-dialog-description" sx={{ mb: 3 }}>
          Every engagement is priced to your operation: no fixed packages, no hidden fees, month-to-month.
          Tell us about your call volumes, channels and hours, and a solutions specialist will reply within 24
          hours with a custom quote and your projected savings (up to 60%).
        </DialogContentText>
        <ContactForm key={subject} initialMessage={messageAbout(subject)} autoFocus onSent={onClose} />
        <Divider sx={{ my: 3 }} />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <div>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 650 }}>
              Prefer to talk it through?
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Book a free discovery call with a solutions specialist at a time that suits you.
            </Typography>
          </div>
          {/* The dialog closes first: its focus trap would hold the keyboard away from the booking popup. */}
          <ScheduleCallButton variant="outlined" onClick={onClose}>
            Book a Call
          </ScheduleCallButton>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
