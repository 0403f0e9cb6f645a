import { forgetFailedSharesPlugin } from './forget-failed-shares';

describe('forgetFailedSharesPlugin', () => {
  const errorLoadShare = forgetFailedSharesPlugin().errorLoadShare as (args: {
    pkgName: string;
    shareScopeMap: Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown }>>>;
  }) => void;

  it('forgets the failed load of the shared module, so the next load fetches it again', () => {
    const failed = Promise.reject(new Error('Loading chunk 3114 failed.'));
    failed.catch(() => {});
    const react = Promise.resolve({});
    const shareScopeMap = {
      default: {
        '@mui/material/Table': { '9.0.0': { loaded: false, loading: failed } },
        react: { '19.2.0': { loaded: true, loading: react } },
      },
    };
    errorLoadShare({ pkgName: '@mui/material/Table', shareScopeMap });
    expect(shareScopeMap.default['@mui/material/Table']['9.0.0']).not.toHaveProperty('loading');
    // Other modules, and what has loaded, keep theirs.
    errorLoadShare({ pkgName: 'react', shareScopeMap });
    expect(shareScopeMap.default.react['19.2.0'].loading).toBe(react);
    errorLoadShare({ pkgName: 'left-pad', shareScopeMap });
  });
});
