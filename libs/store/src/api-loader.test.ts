import { loadApi } from './api-loader';
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
