import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/CloseRounded';
import { RouteButton } from '@portal/ui';

const NEXT_STEPS = [
  {
    title: 'Tell us what you need',
    text: 'Call volumes, channels, hours of coverage and the outcomes that matter to you.',
  },
  {
    title: 'Hear from us within 24 hours',
    text: 'A solutions specialist reviews your needs and answers your questions.',
  },
  {
    title: 'Get your custom quote',
    text: 'Pricing built around your operation, your projected savings (up to 60%) and a launch plan. Month-to-month, no hidden fees.',
  },
];

export interface QuoteDialogViewProps {
  open: boolean;
  onClose: () => void;
}

export default function QuoteDialogView({ open, onClose }: QuoteDialogViewProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
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
          We price every engagement to your operation, so there are no fixed packages. Share your goals and a
          solutions specialist will contact you within 24 hours with a custom quote.
        </DialogContentText>
        <Typography component="h3" variant="overline" color="text.secondary">
          What happens next
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 2 }}>
          {NEXT_STEPS.map((step, index) => (
            <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {index + 1}
              </Box>
              <div>
                <Typography sx={{ fontWeight: 650 }}>{step.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.text}
                </Typography>
              </div>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, pt: 1, gap: 1, flexWrap: 'wrap' }}>
        <RouteButton href="/pricing" variant="outlined" color="inherit" onClick={onClose}>
          See Pricing Options
        </RouteButton>
        <RouteButton href="/contact" variant="contained" onClick={onClose}>
          Contact Our Team
        </RouteButton>
      </DialogActions>
    </Dialog>
  );
}
