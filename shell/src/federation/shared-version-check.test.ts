import { SharedVersionMismatch, sharedVersionCheckPlugin } from './shared-version-check';

type Args = Parameters<NonNullable<ReturnType<typeof sharedVersionCheckPlugin>['resolveShare']>>[0];

/** The arguments the runtime's `getRegisteredShare` gives the hook: the version it picked, and the resolver. */
function resolveArgs(picked: string, shareConfig: { singleton: boolean; requiredVersion: string }): Args {
  const registered = { from: 'shell', version: picked };
  return {
    shareScopeMap: { default: { '@portal/ui': { [picked]: registered } } },
    scope: 'default',
    pkgName: '@portal/ui',
    version: picked,
    shareInfo: { from: 'marketing', shareConfig },
    resolver: () => ({ shared: registered, useTreesShaking: false }),
  } as unknown as Args;
}

// The plugin always returns the arguments it was given (the hook may also return nothing).
const resolveShare = (args: Args) => sharedVersionCheckPlugin().resolveShare!(args) as Args;

describe('sharedVersionCheckPlugin', () => {
  it('keeps the runtime’s choice when the singleton it picked satisfies the section', () => {
    const args = resolveArgs('1.2.0', { singleton: true, requiredVersion: '^1.1.0' });
    const resolver = args.resolver;
    expect(resolveShare(args).resolver).toBe(resolver);
  });

  it('fails the load of a singleton the section’s requirement rejects, naming the library and both versions', () => {
    const { resolver } = resolveShare(resolveArgs('1.0.0', { singleton: true, requiredVersion: '^1.1.0' }));
    expect(resolver).toThrow(SharedVersionMismatch);
    expect(resolver).toThrow(
      'marketing requires @portal/ui ^1.1.0, but the page runs @portal/ui 1.0.0 (from shell)',
    );
  });

  it('leaves a stateless package to the runtime, which falls back to the section’s own copy', () => {
    const args = resolveArgs('1.0.0', { singleton: false, requiredVersion: '^1.1.0' });
    const resolver = args.resolver;
    expect(resolveShare(args).resolver).toBe(resolver);
  });
});
