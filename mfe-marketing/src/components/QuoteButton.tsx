import Button, { type ButtonProps } from '@mui/material/Button';
import { openQuoteDialog, useAppDispatch } from '@portal/store';

/** 'Get a Quote': opens the shell's quote dialog through the shared store. */
export function QuoteButton(props: ButtonProps) {
  const dispatch = useAppDispatch();
  return (
    <Button variant="contained" size="large" onClick={() => dispatch(openQuoteDialog())} {...props}>
      Get a Quote
    </Button>
  );
}
