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

  describe('a prerendered copy of the page in the slot', () => {
    const prerender = () => {
      slot.innerHTML = '<div data-prerendered inert><h1>Pricing</h1></div>';
    };
    afterEach(() => slot.replaceChildren());

    it('is left for the section to replace when it mounts', async () => {
      prerender();
      const app = sectionApplication('marketing', { load: async () => fakeRemote([]), showError: jest.fn() });
      await run(app.mount);
      expect(slot.querySelector('[data-prerendered]')).not.toBeNull();
    });

    it('goes before the section error shows', async () => {
      prerender();
      const seen: (Element | null)[] = [];
      const app = sectionApplication('marketing', {
        load: () => Promise.reject(new Error('down')),
        showError: async (element) => {
          seen.push(element.querySelector('[data-prerendered]'));
          return () => {};
        },
      });
      await run(app.mount);
      expect(seen).toEqual([null]);
    });

    it('goes when the visitor leaves before the section mounted', async () => {
      prerender();
      let finishLoading: (remote: LifeCycles) => void = () => {};
      const calls: string[] = [];
      const app = sectionApplication('marketing', {
        load: () => new Promise((resolve) => (finishLoading = resolve)),
        showError: jest.fn(),
      });
      const mounting = run(app.mount);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the remote is loading
      const leaving = run(app.unmount);
      finishLoading(fakeRemote(calls));
      await Promise.all([mounting, leaving]);
      expect(calls).toEqual(['bootstrap']);
      expect(slot.querySelector('[data-prerendered]')).toBeNull();
    });
  });

  // single-spa warns (#31) when a mount takes over a second; downloads belong to its untimed loading.
  describe("single-spa's loading function", () => {
    it('downloads the remote before the mount, which then only renders', async () => {
      const calls: string[] = [];
      let finishLoading: (remote: LifeCycles) => void = () => {};
      const load = jest.fn(() => new Promise<LifeCycles>((resolve) => (finishLoading = resolve)));
      const section = sectionApplication('marketing', { load, showError: jest.fn() });
      let loaded = false;
      const loading = section.load().then((lifecycles) => {
        loaded = true;
        return lifecycles;
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(loaded).toBe(false);
      finishLoading(fakeRemote(calls));
      const app = await loading;

      await run(app.mount);
      expect(load).toHaveBeenCalledTimes(1);
      expect(calls).toEqual(['bootstrap', 'mount']);
      await run(app.unmount);
    });

    it('never rejects: the first mount shows a failed download as the section error, without downloading again', async () => {
      const load = jest.fn(() => Promise.reject(new Error('remoteEntry.js 502')));
      const showError = jest.fn(async () => () => {});
      const section = sectionApplication('checkout', { load, showError });
      const app = await section.load();
      await run(app.mount);
      expect(load).toHaveBeenCalledTimes(1);
      expect(showError).toHaveBeenCalledWith(slot, expect.objectContaining({ name: 'checkout' }));
      await run(app.unmount);
    });

    it('after an unload, loads the remote again and mounts what it answers now (another version)', async () => {
      const [before, after]: string[][] = [[], []];
      const load = jest
        .fn()
        .mockResolvedValueOnce(fakeRemote(before))
        .mockResolvedValueOnce(fakeRemote(after));
      const section = sectionApplication('checkout', { load, showError: jest.fn() });
      let app = await section.load();
      await run(app.mount);
      await run(app.unmount);
      await run(app.unload);
      app = await section.load();
      await run(app.bootstrap);
      await run(app.mount);
      expect(load).toHaveBeenCalledTimes(2);
      expect(before).toEqual(['bootstrap', 'mount', 'unmount']);
      expect(after).toEqual(['bootstrap', 'mount']);
    });
  });
});
