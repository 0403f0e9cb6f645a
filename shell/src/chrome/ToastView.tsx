import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, useAppDispatch, type Toast } from '@portal/store';

export default function ToastView({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const dismiss = () => dispatch(dismissToast(toast.id));
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={toast.durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={dismiss}
        sx={{ width: '100%', maxWidth: 420 }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
