import { createSlice } from '@reduxjs/toolkit';

/** The shell's quote dialog: any section opens it with `openQuoteDialog()`. */
export const quoteDialogSlice = createSlice({
  name: 'quoteDialog',
  initialState: { open: false },
  reducers: {
    openQuoteDialog(state) {
      state.open = true;
    },
    closeQuoteDialog(state) {
      state.open = false;
    },
  },
});

export const { openQuoteDialog, closeQuoteDialog } = quoteDialogSlice.actions;
