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
      <SectionErrorBoundary section="checkout">
        <Page />
      </SectionErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Page content')).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('tells the shell when a chunk of the section could not be loaded, and only then', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const told: unknown[] = [];
    const listener = (event: Event) => told.push((event as CustomEvent).detail);
    window.addEventListener('portal:section-code-missing', listener);
    const chunkError = Object.assign(
      new Error('Loading chunk 412 failed.\n(missing: /mfe/checkout/412.js)'),
      {
        name: 'ChunkLoadError',
      },
    );
    const Throws = ({ error }: { error: Error }) => {
      throw error;
    };
    render(
      <SectionErrorBoundary section="checkout">
        <Throws error={new Error('boom')} />
      </SectionErrorBoundary>,
    );
    expect(told).toEqual([]);
    render(
      <SectionErrorBoundary section="checkout">
        <Throws error={chunkError} />
      </SectionErrorBoundary>,
    );
    expect(told).toEqual([{ section: 'checkout' }]);
    window.removeEventListener('portal:section-code-missing', listener);
    jest.restoreAllMocks();
  });
});
