import { yieldBetweenSharesPlugin } from './yield-between-shares';

describe('yieldBetweenSharesPlugin', () => {
  const beforeLoadShare = yieldBetweenSharesPlugin().beforeLoadShare as <T>(args: T) => Promise<T>;

  it('goes on with a shared module only after the tasks already waiting have run', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    const args = { pkgName: 'react' };
    const loading = beforeLoadShare(args).then((result) => {
      order.push('shared module');
      return result;
    });
    await expect(loading).resolves.toBe(args);
    expect(order).toEqual(['waiting task', 'shared module']);
  });
});
