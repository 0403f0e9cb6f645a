import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface QuoteDialogState {
  open: boolean;
  /** What the visitor asked about (e.g. 'Application: Team Lead - Operations'), prefilled in the dialog. */
  subject: string | null;
}

const initialState: QuoteDialogState = { open: false, subject: null };

/** The shell's quote dialog: any section opens it with `openQuoteDialog()` or `openQuoteDialog(subject)`. */
export const quoteDialogSlice = createSlice({
  name: 'quoteDialog',
  initialState,
  reducers: {
    openQuoteDialog: {
      reducer(state, action: PayloadAction<string | null>) {
        state.open = true;
        state.subject = action.payload;
      },
      prepare: (subject?: string) => ({ payload: subject ?? null }),
    },
    closeQuoteDialog(state) {
      state.open = false;
      state.subject = null;
    },
  },
});

export const { openQuoteDialog, closeQuoteDialog } = quoteDialogSlice.actions;
