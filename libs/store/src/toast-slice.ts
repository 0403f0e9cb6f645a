import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One toast visible at a time, shown for 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  severity: ToastSeverity;
  durationMs: number;
}

export interface ShowToast {
  title: string;
  description?: string;
  severity?: ToastSeverity;
  durationMs?: number;
}

export interface ToastState {
  current: Toast | null;
  lastId: number;
}

const initialState: ToastState = { current: null, lastId: 0 };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    /** Shows a toast, replacing the one on screen. */
    showToast(state, action: PayloadAction<ShowToast>) {
      const { title, description, severity = 'info', durationMs = TOAST_DURATION_MS } = action.payload;
      state.lastId += 1;
      state.current = { id: state.lastId, title, severity, durationMs, ...(description && { description }) };
    },
    /** Dismisses the toast with this id (a late timer of an older toast does nothing). */
    dismissToast(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
