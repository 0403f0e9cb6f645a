import { watchSectionVersions } from './section-versions';

const report = (detail: unknown) =>
  window.dispatchEvent(new CustomEvent('portal:section-code-missing', { detail }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchSectionVersions', () => {
  const versions = new Map<string, boolean>();
  const refreshRemote = jest.fn(async (name: string) => versions.get(name) ?? false);
  const remount = jest.fn(async () => {});
  beforeAll(() => watchSectionVersions({ refreshRemote, remount }));
  beforeEach(() => {
    versions.clear();
    jest.clearAllMocks();
  });

  it('mounts the version the manifest names now when a section reports its code missing', async () => {
    versions.set('checkout', true);
    report({ section: 'checkout' });
    await settle();
    expect(refreshRemote).toHaveBeenCalledWith('checkout');
    expect(remount).toHaveBeenCalledWith('checkout');
  });

  it('leaves the section (and its Retry) alone when the manifest names the same version', async () => {
    report({ section: 'marketing' });
    await settle();
    expect(refreshRemote).toHaveBeenCalledWith('marketing');
    expect(remount).not.toHaveBeenCalled();
  });

  it('ignores a report that names no section', async () => {
    report({ section: 'admin' });
    report(null);
    await settle();
    expect(refreshRemote).not.toHaveBeenCalled();
  });
});
