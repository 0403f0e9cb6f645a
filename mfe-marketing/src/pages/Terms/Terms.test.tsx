import { screen } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import Terms from './Terms';

describe('Terms', () => {
  it('shows the Terms of Service with the highlighted opt-out keywords', () => {
    renderPage(<Terms />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '2. Eligibility' })).toBeInTheDocument();
    expect(
      screen.getByText(/Recipients can reply STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT/),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Terms of Service \| /);
  });
});
