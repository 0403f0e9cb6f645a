import { act, screen } from '@testing-library/react';
import { routeTableFailed, setRouteTable } from '../sections/route-table';
import { OutsideSections } from './Chrome';
import { renderChrome } from './test-utils';

function renderAt(pathname: string) {
  const slot = document.createElement('div');
  document.body.append(slot);
  renderChrome(<OutsideSections pathname={pathname} slot={slot} />);
  return slot;
}

// In this order: the route table is the page's own, loaded once.
describe('OutsideSections: the page where no section serves the address', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows nothing while the routes are not known', () => {
    expect(renderAt('/case-studies')).toBeEmptyDOMElement();
  });

  it('says the page could not be loaded, with Retry, when the manifest could not be read', async () => {
    renderAt('/case-studies');
    act(() => routeTableFailed());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /retry/i })).toBeEnabled();
  });

  it('shows the 404 page where the routes name no section, and nothing where one serves the path', async () => {
    act(() => setRouteTable({ marketing: ['/', '/pricing'] }));
    renderAt('/case-studies');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    document.body.innerHTML = '';
    expect(renderAt('/pricing')).toBeEmptyDOMElement();
  });

  it('takes the 404 page away when new routes serve the path', async () => {
    renderAt('/case-studies');
    await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' });
    act(() => setRouteTable({ marketing: ['/', '/pricing', '/case-studies'] }));
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
  });
});
