import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionError } from './SectionError';

describe('SectionError', () => {
  it("states the problem and calls the retry from 'Retry'", async () => {
    const onRetry = jest.fn();
    render(
      <SectionError
        title="Checkout could not be loaded"
        message="Check your connection."
        onRetry={onRetry}
        headingComponent="h1"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Checkout could not be loaded' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the reason under the message when one is given', () => {
    const reason = 'marketing requires @portal/ui ^1.1.0, but the page runs @portal/ui 1.0.0 (from shell)';
    render(<SectionError message="Check your connection." reason={reason} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
  });
});
