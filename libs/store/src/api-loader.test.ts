import { lazyApi, loadApi, type PortalApi } from './api-loader';
import { createPortalStore } from './store';

describe('loadApi', () => {
  it('loads RTK Query once and plugs the api into stores made before and after', async () => {
    const before = createPortalStore();
    expect(before.getState()).not.toHaveProperty('api');

    const first = loadApi();
    expect(loadApi()).toBe(first);
    const { authApi } = await first;

    expect(before.getState()).toHaveProperty('api');
    expect(createPortalStore().getState()).toHaveProperty('api');
    expect(Object.keys(authApi.endpoints)).toEqual(expect.arrayContaining(['login', 'register']));
  });
});

describe('lazyApi', () => {
  it("injects a feature's endpoints once, into the one api, when first needed", async () => {
    const inject = jest.fn((api: PortalApi) =>
      api.injectEndpoints({
        endpoints: (build) => ({ lazyPing: build.query<string, void>({ query: () => '/ping' }) }),
      }),
    );
    const feature = lazyApi(inject);
    expect(inject).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([feature.load(), feature.load()]);

    expect(inject).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    expect(first).toBe((await loadApi()).api);
    expect(Object.keys(first.endpoints)).toEqual(expect.arrayContaining(['lazyPing', 'login']));
  });
});
