import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionErrorBoundary } from './SectionErrorBoundary';

describe('SectionErrorBoundary', () => {
  it('shows the section error when a page throws, and renders the page again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Page() {
      if (broken) throw new Error('boom');
      return <p>Page content</p>;
    }
    render(
      <SectionErrorBoundary>
        <Page />
      </SectionErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Page content')).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
