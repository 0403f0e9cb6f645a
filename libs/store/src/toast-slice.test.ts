import { TOAST_DURATION_MS, dismissToast, showToast, toastSlice } from './toast-slice';

const reduce = toastSlice.reducer;

describe('toast slice (one toast at a time, 5000 ms)', () => {
  it('shows a toast with the default duration and severity', () => {
    const state = reduce(undefined, showToast({ title: 'Logged in successfully' }));
    expect(state.current).toEqual({
      id: 1,
      title: 'Logged in successfully',
      severity: 'info',
      durationMs: TOAST_DURATION_MS,
    });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('replaces the visible toast instead of stacking', () => {
    let state = reduce(undefined, showToast({ title: 'Added to cart', description: 'Inbound Support' }));
    state = reduce(state, showToast({ title: 'Error', description: 'Login failed', severity: 'error' }));
    expect(state.current).toMatchObject({
      id: 2,
      title: 'Error',
      description: 'Login failed',
      severity: 'error',
    });
  });

  it('dismisses only the toast it was asked about', () => {
    let state = reduce(undefined, showToast({ title: 'First' }));
    state = reduce(state, showToast({ title: 'Second' }));
    expect(reduce(state, dismissToast(1)).current?.title).toBe('Second');
    expect(reduce(state, dismissToast(2)).current).toBeNull();
  });
});
