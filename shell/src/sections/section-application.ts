import type { AppProps, LifeCycles } from 'single-spa';
import type { SectionName } from '@portal/contracts';
import { removePrerendered } from './prerendered';

/** Custom props the root config gives every section: where to render. */
export interface SectionProps {
  domElementGetter: () => HTMLElement;
}

type Props = AppProps & SectionProps;
type LifeCycle = LifeCycles<SectionProps>['mount'];

/** Removes a rendered section error from the page. */
export type Dispose = () => void;

export interface SectionApplicationDeps {
  load: () => Promise<LifeCycles>;
  showError: (
    slot: HTMLElement,
    details: { name: SectionName; error: unknown; onRetry: () => void },
  ) => Promise<Dispose>;
}

async function run(lifecycle: LifeCycle | undefined, props: Props): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : lifecycle ? [lifecycle] : []) await fn(props);
}

/** The lifecycles single-spa runs, `unload` included (single-spa calls it; its typings omit it). */
export type SectionLifeCycles = LifeCycles<SectionProps> & { unload: () => Promise<void> };

/** A section's lifecycles and single-spa's loading function of them. */
export interface SectionApplication extends SectionLifeCycles {
  /**
   * Downloads the remote, then answers the lifecycles. single-spa times bootstrap and mount (warning
   * #31 after a second) but not loading, the phase meant for downloads: the first mount only
   * renders. It never rejects (single-spa would mark the section broken): the first mount shows a
   * failed download as the section error.
   */
  load: () => Promise<SectionLifeCycles>;
}

/**
 * The single-spa application of one section. It never lets a failure escape to single-spa (which
 * would mark the app broken for good): a failed load, bootstrap or mount shows the section error in
 * the section's slot, and its Retry loads the remote again.
 */
export function sectionApplication(name: SectionName, deps: SectionApplicationDeps): SectionApplication {
  /** The download started by `load`, taken over by the first mount. */
  let downloaded: Promise<LifeCycles> | null = null;
  let remote: Promise<LifeCycles> | null = null;
  let shown:
    { kind: 'none' } | { kind: 'app'; app: LifeCycles } | { kind: 'error'; dispose: Promise<Dispose> } = {
    kind: 'none',
  };
  let active = false;
  let pending: Promise<void> = Promise.resolve();

  const attempt = async (props: Props) => {
    try {
      remote ??= (downloaded ?? deps.load()).then(async (app) => {
        await run(app.bootstrap as LifeCycle, props);
        return app;
      });
      downloaded = null;
      const app = await remote.catch((error: unknown) => {
        remote = null;
        throw error;
      });
      if (!active) return;
      await run(app.mount as LifeCycle, props);
      shown = { kind: 'app', app };
    } catch (error) {
      if (!active) return;
      console.error(`[shell] the ${name} section failed`, error);
      removePrerendered(props.domElementGetter());
      shown = {
        kind: 'error',
        dispose: deps.showError(props.domElementGetter(), { name, error, onRetry: () => retry(props) }),
      };
    }
  };

  const clearError = async () => {
    if (shown.kind === 'error') {
      const dispose = shown.dispose;
      shown = { kind: 'none' };
      (await dispose)();
    }
  };

  const retry = (props: Props) => {
    pending = pending.then(async () => {
      await clearError();
      if (active) await attempt(props);
    });
  };

  const lifecycles: SectionLifeCycles = {
    bootstrap: async () => {},
    mount: async (props) => {
      active = true;
      pending = pending.then(() => attempt(props));
      await pending;
    },
    unmount: async (props) => {
      active = false;
      await pending;
      if (shown.kind === 'app') await run(shown.app.unmount as LifeCycle, props);
      await clearError();
      removePrerendered(props.domElementGetter());
      shown = { kind: 'none' };
    },
    // single-spa unloads a section to mount another version of it (its code went missing: a release).
    unload: async () => {
      remote = null;
      downloaded = null;
    },
  };

  return {
    ...lifecycles,
    load: async () => {
      downloaded = deps.load();
      await downloaded.catch(() => {});
      return lifecycles;
    },
  };
}
