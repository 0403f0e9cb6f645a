import type { AppProps, LifeCycles } from 'single-spa';
import { sectionApplication, type SectionProps } from './section-application';

/** A remote's lifecycles that record what the shell asked of them. */
function fakeRemote(calls: string[]): LifeCycles {
  return {
    bootstrap: async () => void calls.push('bootstrap'),
    mount: async () => void calls.push('mount'),
    unmount: async () => void calls.push('unmount'),
  };
}

const slot = document.createElement('div');
const props = { name: 'marketing', domElementGetter: () => slot } as unknown as AppProps & SectionProps;
const run = (fn: unknown) => (fn as (p: typeof props) => Promise<void>)(props);

describe('sectionApplication', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('mounts the remote once it loads', async () => {
    const calls: string[] = [];
    const app = sectionApplication('marketing', {
      load: async () => fakeRemote(calls),
      showError: jest.fn(),
    });
    await run(app.mount);
    await run(app.unmount);
    expect(calls).toEqual(['bootstrap', 'mount', 'unmount']);
  });

  it('shows the section error in the slot when the remote is dead, and Retry loads it again', async () => {
    const calls: string[] = [];
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('remoteEntry.js 502'))
      .mockResolvedValue(fakeRemote(calls));
    let retry: () => void = () => {};
    const dispose = jest.fn();
    const showError = jest.fn(async (_slot: HTMLElement, details: { onRetry: () => void }) => {
      retry = details.onRetry;
      return dispose;
    });
    const app = sectionApplication('marketing', { load, showError });

    await run(app.mount);
    expect(showError).toHaveBeenCalledWith(
      slot,
      expect.objectContaining({ name: 'marketing', error: expect.any(Error) }),
    );
    expect(calls).toEqual([]);

    retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispose).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['bootstrap', 'mount']);

    await run(app.unmount);
    expect(calls).toEqual(['bootstrap', 'mount', 'unmount']);
  });

  it('removes the section error when the visitor navigates away', async () => {
    const dispose = jest.fn();
    const app = sectionApplication('checkout', {
      load: () => Promise.reject(new Error('down')),
      showError: async () => dispose,
    });
    await run(app.mount);
    await run(app.unmount);
    expect(dispose).toHaveBeenCalledTimes(1);
  });
});
