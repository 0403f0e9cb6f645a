import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { lazyPage } from './lazy-page';

const Pricing = () => <h1>Custom pricing</h1>;

function renderInSuspense(Page: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading page</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('loads the page the first time it renders, showing the loading state meanwhile', async () => {
    const load = jest.fn(async () => ({ default: Pricing }));
    const { Page } = lazyPage(load);
    renderInSuspense(Page);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Custom pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded page at once, never the loading state', async () => {
    const { Page, preload } = lazyPage(async () => ({ default: Pricing }));
    await preload();
    renderInSuspense(Page);
    expect(screen.getByRole('heading', { name: 'Custom pricing' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  });

  it('loads the module once however often it is asked for', async () => {
    const load = jest.fn(async () => ({ default: Pricing }));
    const { preload } = lazyPage(load);
    await Promise.all([preload(), preload()]);
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Pricing }>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ default: Pricing });
    const { preload } = lazyPage(load);
    await expect(preload()).rejects.toThrow('ChunkLoadError');
    await expect(preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the section error when its chunk fails to load, once, and loads it again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest
      .fn<Promise<{ default: typeof Pricing }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 7 failed'))
      .mockResolvedValue({ default: Pricing });
    const { Page } = lazyPage(load);
    render(
      <SectionErrorBoundary section="marketing">
        <Suspense fallback={<p>Loading page</p>}>
          <Page />
        </Suspense>
      </SectionErrorBoundary>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    // React's own re-renders after the failure do not ask for the chunk again.
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Custom pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    jest.restoreAllMocks();
  });

  it('passes its props to the page', async () => {
    const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
    const { Page, preload } = lazyPage(async () => ({ default: Greeting }));
    await preload();
    render(<Page name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });
});
