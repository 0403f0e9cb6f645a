import { screen } from '@testing-library/react';
import { colors } from '@portal/ui';
import { contrastRatio } from '@portal/ui/contrast';
import type { Toast } from '@portal/store';
import ToastView from './ToastView';
import { renderChrome } from './test-utils';

const severities: Toast['severity'][] = ['success', 'error', 'warning', 'info'];

describe('ToastView', () => {
  it.each(severities)('the %s toast keeps AA contrast (4.5:1) between its text and its fill', (severity) => {
    renderChrome(
      <ToastView toast={{ id: 1, severity, title: 'Saved', description: 'All good', durationMs: 5000 }} />,
    );
    const toast = getComputedStyle(screen.getByRole('alert'));
    expect(toast.backgroundColor).not.toBe('');
    expect(contrastRatio(toast.color, toast.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    // The filled toast stands out from the dark page it floats over.
    expect(contrastRatio(toast.backgroundColor, colors.ink)).toBeGreaterThanOrEqual(3);
  });
});
